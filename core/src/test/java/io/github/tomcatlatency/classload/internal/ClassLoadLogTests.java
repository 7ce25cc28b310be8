package io.github.tomcatlatency.classload.internal;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

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
			loadFresh("io.github.tomcatlatency.classload.fixture.First");
			window[2] = System.nanoTime();
		});
		loader.start();
		loader.join();
		// Loaded on this thread, after the other thread's window: not its. The JVM writes
		// each load to the file as it logs it, yet on a busy machine a load was once seen
		// missing from it for good: each of up to three loads is read again for a while
		// before deciding, and one must be found.
		List<String> loadedHere = List.of();
		ClassLoads loads = null;
		for (int attempt = 0; attempt < 3 && loadedHere.isEmpty(); attempt++) {
			loadFresh("io.github.tomcatlatency.classload.fixture.Second");
			long end = System.nanoTime();
			long deadline = end + TimeUnit.SECONDS.toNanos(5);
			do {
				Thread.sleep(50);
				loads = this.log.read();
				loadedHere = (loads != null) ? loads.loadedBy(ClassLoadLog.currentThreadId(), window[1], end)
						: List.of();
			}
			while (loads != null && loadedHere.isEmpty() && System.nanoTime() - deadline < 0);
		}
		assertThat(loads).isNotNull();
		assertThat(loads.loadedBy(window[0], window[1], window[2]))
			.containsExactly("io.github.tomcatlatency.classload.fixture.First");
		assertThat(loadedHere).containsOnly("io.github.tomcatlatency.classload.fixture.Second");
	}

	@Test
	void logsNothingAfterStopAndDeletesItsFilesWhenClosed() throws Exception {
		assertThat(this.log.start()).isTrue();
		this.log.stop();
		long from = System.nanoTime();
		loadFresh("io.github.tomcatlatency.classload.fixture.First");
		ClassLoads loads = this.log.read();
		assertThat(loads).isNotNull();
		assertThat(loads.loadedBy(ClassLoadLog.currentThreadId(), from, System.nanoTime())).isEmpty();
		Path directory = logDirectory();
		this.log.close();
		assertThat(directory).doesNotExist();
		assertThat(this.log.read()).isNull();
	}

	@Test
	void aNewStartForgetsThePreviousLog() throws Exception {
		assertThat(this.log.start()).isTrue();
		long from = System.nanoTime();
		loadFresh("io.github.tomcatlatency.classload.fixture.First");
		Path first = logDirectory();
		assertThat(this.log.start()).isTrue();
		assertThat(first).doesNotExist();
		assertThat(this.log.read().loadedBy(ClassLoadLog.currentThreadId(), from, System.nanoTime()))
			.doesNotContain("io.github.tomcatlatency.classload.fixture.First");
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

	/**
	 * Load a class of this module's test classes in a class loader of its own, so that
	 * each call loads it anew.
	 */
	private static void loadFresh(String name) {
		ClassLoader parent = ClassLoadLogTests.class.getClassLoader();
		ClassLoader fresh = new ClassLoader(parent) {
			@Override
			protected Class<?> loadClass(String className, boolean resolve) throws ClassNotFoundException {
				if (!className.equals(name)) {
					return super.loadClass(className, resolve);
				}
				try (InputStream in = parent.getResourceAsStream(className.replace('.', '/') + ".class")) {
					byte[] bytes = in.readAllBytes();
					return defineClass(className, bytes, 0, bytes.length);
				}
				catch (IOException ex) {
					throw new ClassNotFoundException(className, ex);
				}
			}
		};
		try {
			Class.forName(name, true, fresh);
		}
		catch (ClassNotFoundException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
