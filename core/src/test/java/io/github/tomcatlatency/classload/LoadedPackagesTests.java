package io.github.tomcatlatency.classload;

import java.util.List;

import io.github.tomcatlatency.classload.LoadedPackages.PackageCount;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link LoadedPackages}.
 */
class LoadedPackagesTests {

	@Test
	void groupsByLibraryWithTheApplicationsOwnPackagesApart() {
		List<String> classes = List.of("org.hibernate.query.sqm.tree.SqmNode", "org.hibernate.query.spi.QueryEngine",
				"org.hibernate.sql.ast.tree.Statement", "com.example.shop.web.OrderController",
				"com.example.shop.OrderDto", "com.example.shopping.Other",
				"java.lang.invoke.LambdaForm$MH/0x0000000800c01000", "java.util.concurrent.ConcurrentSkipListMap",
				"com.example.shop.web.OrderController$$SpringCGLIB$$0", "Unpackaged");
		assertThat(LoadedPackages.of(classes, List.of("com.example.shop"), 10)).containsExactly(
				new PackageCount("com.example.shop", 3, true), new PackageCount("org.hibernate.query", 2, false),
				new PackageCount("(default package)", 1, false), new PackageCount("com.example.shopping", 1, false),
				new PackageCount("java.lang", 1, false), new PackageCount("java.util", 1, false),
				new PackageCount("org.hibernate.sql", 1, false));
	}

	@Test
	void keepsTheLargestGroupsAndCountsTheRestAsOther() {
		List<String> classes = List.of("a.b.c.One", "a.b.c.Two", "a.b.c.Three", "d.e.f.One", "d.e.f.Two", "g.h.i.One",
				"j.k.l.One");
		assertThat(LoadedPackages.of(classes, List.of(), 2)).containsExactly(new PackageCount("a.b.c", 3, false),
				new PackageCount("d.e.f", 2, false), new PackageCount("other", 2, false));
	}

}
