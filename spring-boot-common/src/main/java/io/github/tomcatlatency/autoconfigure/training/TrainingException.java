package io.github.tomcatlatency.autoconfigure.training;

import org.springframework.boot.ExitCodeGenerator;

/**
 * A training run that cannot run or did not succeed. Its exit code is {@code 1}, so that
 * Spring Boot ends the JVM with a non-zero status and a build does not ship a cache
 * trained on errors.
 */
class TrainingException extends RuntimeException implements ExitCodeGenerator {

	private final String action;

	/**
	 * Create an exception.
	 * @param description what is wrong, naming the property
	 * @param action what to do about it
	 */
	TrainingException(String description, String action) {
		super(description);
		this.action = action;
	}

	/**
	 * Return what to do about the failure.
	 * @return the action
	 */
	String getAction() {
		return this.action;
	}

	@Override
	public int getExitCode() {
		return 1;
	}

}
