package io.github.tomcatlatency.classload.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.github.tomcatlatency.classload.fixture.FreshClasses;
import io.github.tomcatlatency.classload.internal.ClassLoads.Window;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link ClassLoadLog}: the JVM that runs them logs for real.
 */
@EnabledOnOs(OS.LINUX)
class ClassLoadLogTests {

	private static final String FIRST = "io.github.tomcatlatency.classload.fixture.First";

	private static final String SECOND = "io.github.tomcatlatency.classload.fixture.Second";

	private final ClassLoadLog log = new ClassLoadLog();

	@AfterEach
	void close() {
		this.log.close();
	}

	@Test
	void namesTheClassesOneThreadLoadedWhileItRan() throws Exception {
		assertThat(this.log.start()).isTrue();
		long[] window = new long[3];
		Thread loader = new Thread(() -> {
			window[0] = ClassLoadLog.currentThreadId();
			window[1] = System.nanoTime();
			FreshClasses.load(FIRST);
			window[2] = System.nanoTime();
		});
		loader.start();
		loader.join();
		Window loaders = new Window(window[0], window[1], window[2]);
		// Loaded on this thread, after the other thread's window: not its. The JVM writes
		// each load to the file as it logs it, yet on a busy machine a load was once seen
		// missing from it for good: each of up to three loads is read again for a while
		// before deciding, and both threads' loads must be found.
		ClassLoads loads = null;
		Window here = null;
		for (int attempt = 0; attempt < 3 && !bothFound(loads, loaders, here); attempt++) {
			FreshClasses.load(SECOND);
			long end = System.nanoTime();
			here = new Window(ClassLoadLog.currentThreadId(), window[1], end);
			long deadline = end + TimeUnit.SECONDS.toNanos(5);
			do {
				Thread.sleep(50);
				loads = this.log.read(List.of(loaders, here));
			}
			while (loads != null && !bothFound(loads, loaders, here) && System.nanoTime() - deadline < 0);
		}
		assertThat(loads).isNotNull();
		assertThat(loads.logStopped()).isFalse();
		// Should this fail again, what the JVM logged of the two classes says why.
		String logged = fixtureLines() + " for " + loaders + " and " + here;
		assertThat(loads.loadedIn(loaders)).as(logged).containsExactly(FIRST);
		assertThat(loads.loadedIn(here)).as(logged).containsOnly(SECOND);
	}

	private static boolean bothFound(ClassLoads loads, Window loaders, Window here) {
		return loads != null && !loads.loadedIn(loaders).isEmpty() && !loads.loadedIn(here).isEmpty();
	}

	private List<String> fixtureLines() throws IOException {
		try (var lines = Files.lines(this.log.file())) {
			return lines.filter((line) -> line.contains(".fixture.")).toList();
		}
	}

	@Test
	void logsNothingAfterStopAndDeletesItsFilesWhenClosed() throws Exception {
		assertThat(this.log.start()).isTrue();
		this.log.stop();
		long from = System.nanoTime();
		FreshClasses.load(FIRST);
		Window window = new Window(ClassLoadLog.currentThreadId(), from, System.nanoTime());
		ClassLoads loads = this.log.read(List.of(window));
		assertThat(loads).isNotNull();
		assertThat(loads.logStopped()).isTrue();
		assertThat(loads.loadedIn(window)).isEmpty();
		Path directory = logDirectory();
		this.log.close();
		assertThat(directory).doesNotExist();
		assertThat(this.log.read(List.of(window))).isNull();
	}

	@Test
	void aNewStartForgetsThePreviousLog() throws Exception {
		assertThat(this.log.start()).isTrue();
		long from = System.nanoTime();
		FreshClasses.load(FIRST);
		Window window = new Window(ClassLoadLog.currentThreadId(), from, System.nanoTime());
		Path first = logDirectory();
		assertThat(this.log.start()).isTrue();
		assertThat(first).doesNotExist();
		assertThat(this.log.read(List.of(window)).loadedIn(window)).doesNotContain(FIRST);
	}

	@Test
	void currentThreadIdIsTheSystemsIdOfTheThread() throws IOException {
		long id = ClassLoadLog.currentThreadId();
		assertThat(Files.readString(Path.of("/proc/thread-self/stat"))).startsWith(id + " ");
	}

	private Path logDirectory() {
		Path file = this.log.file();
		assertThat(file).exists();
		return file.getParent();
	}

}
