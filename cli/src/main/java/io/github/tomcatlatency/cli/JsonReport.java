package io.github.tomcatlatency.cli;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.github.tomcatlatency.scan.FailLevel;
import io.github.tomcatlatency.scan.ScanVerdict;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * Writes verdicts as JSON, with the field names of the endpoint's {@code tomcat} section
 * (docs/scanner.md).
 */
final class JsonReport {

	// Absent rather than null, as in the endpoint
	static final JsonMapper MAPPER = JsonMapper.builder()
		.enable(SerializationFeature.INDENT_OUTPUT)
		.changeDefaultPropertyInclusion((inclusion) -> inclusion.withValueInclusion(JsonInclude.Include.NON_NULL))
		.build();

	private JsonReport() {
	}

	static String write(List<ScanVerdict> verdicts, FailLevel failOn) {
		boolean failed = verdicts.stream().anyMatch(failOn::isReachedBy);
		return MAPPER.writeValueAsString(new Document(failOn, failed, verdicts));
	}

	/**
	 * The JSON document.
	 *
	 * @param failOn the fail level
	 * @param failed whether a verdict reached it
	 * @param applications the verdict on each application, in the order given
	 */
	record Document(FailLevel failOn, boolean failed, List<ScanVerdict> applications) {

	}

}
