package io.github.tomcatlatency.cli;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.github.tomcatlatency.scan.FailLevel;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

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

	static String write(List<ScannedApplication> applications, FailLevel failOn) {
		boolean failed = applications.stream().map(ScannedApplication::verdict).anyMatch(failOn::isReachedBy);
		return MAPPER.writeValueAsString(
				new Document(failOn, failed, applications.stream().map(JsonReport::application).toList()));
	}

	// The verdict's fields, and the SBOM's version when it was read from one
	private static ObjectNode application(ScannedApplication application) {
		ObjectNode node = MAPPER.valueToTree(application.verdict());
		if (application.sbomSpecVersion() != null) {
			node.put("sbomSpecVersion", application.sbomSpecVersion());
		}
		return node;
	}

	/**
	 * The JSON document.
	 *
	 * @param failOn the fail level
	 * @param failed whether a verdict reached it
	 * @param applications the verdict on each application, in the order given
	 */
	record Document(FailLevel failOn, boolean failed, List<ObjectNode> applications) {

	}

}
