package io.github.tomcatlatency.classload.internal;

import java.util.List;

import io.github.tomcatlatency.classload.internal.ClassLoads.Window;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link ClassLoads} on lines as the JVM writes them.
 */
class ClassLoadsTests {

	@Test
	void aThreadIdTheJvmPaddedToFourCharactersIsRead() {
		// As a CI machine's JVM logged them, where a thread's id had three digits.
		Window short3 = new Window(806, 100, 200);
		Window long4 = new Window(1352, 100, 200);
		ClassLoads loads = new ClassLoads(List.of(short3, long4), false);
		loads.add("[150ns][806 ] io.github.tomcatlatency.classload.fixture.Second source: __JVM_DefineClass__");
		loads.add("[160ns][1352] io.github.tomcatlatency.classload.fixture.First source: __JVM_DefineClass__");
		loads.add("[300ns][806 ] io.github.tomcatlatency.classload.fixture.Late source: __JVM_DefineClass__");
		assertThat(loads.loadedIn(short3)).containsExactly("io.github.tomcatlatency.classload.fixture.Second");
		assertThat(loads.loadedIn(long4)).containsExactly("io.github.tomcatlatency.classload.fixture.First");
	}

}
