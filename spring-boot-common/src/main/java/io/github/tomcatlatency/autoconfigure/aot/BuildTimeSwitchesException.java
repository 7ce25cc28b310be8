package io.github.tomcatlatency.autoconfigure.aot;

import java.util.List;
import java.util.stream.Collectors;

import io.github.tomcatlatency.autoconfigure.aot.BuildTimeSwitches.Difference;

/**
 * Thrown when an application runs from Spring AOT's generated code with a switch of the
 * starter set otherwise than when Spring AOT processed it: the generated context would
 * run the starter as it was built, not as it is configured.
 */
class BuildTimeSwitchesException extends IllegalStateException {

	private final List<Difference> differences;

	BuildTimeSwitchesException(List<Difference> differences) {
		super("Spring AOT fixed tomcat-latency's configuration at build time: "
				+ differences.stream().map(Difference::toString).collect(Collectors.joining("; ")));
		this.differences = List.copyOf(differences);
	}

	/**
	 * Return the switches whose values differ.
	 * @return the differences
	 */
	List<Difference> getDifferences() {
		return this.differences;
	}

}
