package io.github.tomcatlatency.phase.internal;

import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;

import org.apache.catalina.WebResourceRoot;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link ResourceSetTiming} on a root it cannot instrument: it is left as it
 * is.
 */
class ResourceSetTimingTests {

	@Test
	void rootThatIsNotAStandardRootIsLeftAlone() {
		List<String> calls = new ArrayList<>();
		WebResourceRoot root = (WebResourceRoot) Proxy.newProxyInstance(getClass().getClassLoader(),
				new Class<?>[] { WebResourceRoot.class }, (proxy, method, args) -> {
					calls.add(method.getName());
					return null;
				});
		assertThat(ResourceSetTiming.time(root)).isEmpty();
		assertThat(calls).isEmpty();
	}

	@Test
	void absentRootIsLeftAlone() {
		assertThat(ResourceSetTiming.time(null)).isEmpty();
	}

}
