package io.github.tomcatlatency.sample;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Samples of a Prometheus text exposition, as scraped from {@code /actuator/prometheus}.
 */
final class PrometheusSamples {

	private static final Pattern SAMPLE = Pattern.compile("^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\\{(.*)\\})? (\\S+)$");

	private static final Pattern LABEL = Pattern.compile("([a-zA-Z_][a-zA-Z0-9_]*)=\"((?:[^\"\\\\]|\\\\.)*)\"");

	private final List<Sample> samples;

	private PrometheusSamples(List<Sample> samples) {
		this.samples = samples;
	}

	static PrometheusSamples parse(String exposition) {
		List<Sample> samples = new ArrayList<>();
		for (String line : exposition.split("\n")) {
			Matcher matcher = SAMPLE.matcher(line);
			if (!line.startsWith("#") && matcher.matches()) {
				Map<String, String> labels = new LinkedHashMap<>();
				if (matcher.group(2) != null) {
					Matcher label = LABEL.matcher(matcher.group(2));
					while (label.find()) {
						labels.put(label.group(1), label.group(2));
					}
				}
				samples.add(new Sample(matcher.group(1), labels, Double.parseDouble(matcher.group(3))));
			}
		}
		return new PrometheusSamples(samples);
	}

	Stream<Sample> named(String name) {
		return this.samples.stream().filter((sample) -> sample.name().equals(name));
	}

	/**
	 * Sum of the samples with the given name whose labels include the given ones.
	 */
	double sum(String name, Map<String, String> labels) {
		return named(name).filter((sample) -> sample.labels().entrySet().containsAll(labels.entrySet()))
			.mapToDouble(Sample::value)
			.sum();
	}

	record Sample(String name, Map<String, String> labels, double value) {

	}

}
