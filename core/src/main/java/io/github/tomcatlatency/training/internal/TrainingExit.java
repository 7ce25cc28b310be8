package io.github.tomcatlatency.training.internal;

/**
 * Ends the JVM once a training run has closed the application, so that the JVM writes its
 * AOT cache or CDS archive as it exits.
 */
@FunctionalInterface
public interface TrainingExit {

	/**
	 * Exit with the given status.
	 * @param status the exit status, {@code 0} for a training run that succeeded
	 */
	void exit(int status);

}
