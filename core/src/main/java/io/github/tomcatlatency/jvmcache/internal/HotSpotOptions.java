package io.github.tomcatlatency.jvmcache.internal;

import java.lang.management.ManagementFactory;
import java.util.function.Function;

import com.sun.management.HotSpotDiagnosticMXBean;
import org.jspecify.annotations.Nullable;

/**
 * The running HotSpot JVM's options, read through its {@link HotSpotDiagnosticMXBean}.
 * The only class of the package that needs the {@code jdk.management} module: a runtime
 * without it fails to load this class, not the others.
 */
final class HotSpotOptions implements Function<String, @Nullable String> {

	private final HotSpotDiagnosticMXBean diagnostics;

	private HotSpotOptions(HotSpotDiagnosticMXBean diagnostics) {
		this.diagnostics = diagnostics;
	}

	/**
	 * Return the options of the running JVM.
	 * @return the options
	 * @throws IllegalArgumentException if the JVM is not a HotSpot JVM
	 */
	static HotSpotOptions platform() {
		HotSpotDiagnosticMXBean diagnostics = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
		if (diagnostics == null) {
			throw new IllegalArgumentException("Not a HotSpot JVM");
		}
		return new HotSpotOptions(diagnostics);
	}

	/**
	 * Return the value of an option.
	 * @param name the option's name, for example {@code SharedArchiveFile}
	 * @return its value, empty for a string option that is not set, or {@code null} if
	 * this JVM has no such option
	 */
	@Override
	public @Nullable String apply(String name) {
		try {
			return this.diagnostics.getVMOption(name).getValue();
		}
		catch (IllegalArgumentException ex) {
			return null;
		}
	}

	/**
	 * Return whether a boolean option is on.
	 * @param name the option's name, for example {@code UsePerfData}
	 * @return whether it is {@code true}; {@code false} if this JVM has no such option
	 */
	boolean isOn(String name) {
		return "true".equals(apply(name));
	}

}
