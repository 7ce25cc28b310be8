package io.github.tomcatlatency.report;

/**
 * A configuration that costs latency or hides it, with what to do about it.
 *
 * @param id a stable identifier, for example {@code mapper-directory-redirect}
 * @param severity how much it is likely to cost: {@code high}, {@code medium} or
 * {@code low}
 * @param finding what was found
 * @param remedy what to change
 */
public record ConfigurationRisk(String id, String severity, String finding, String remedy) {

}
