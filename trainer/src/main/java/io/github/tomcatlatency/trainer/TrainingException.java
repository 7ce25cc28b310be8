package io.github.tomcatlatency.trainer;

/**
 * Thrown when a trained start cannot be built. The message is one line that names what to
 * change, in the words of the tool that runs the training (a goal's parameter, a
 * command-line option).
 */
public class TrainingException extends Exception {

	TrainingException(String message) {
		super(message);
	}

	TrainingException(String message, Throwable cause) {
		super(message, cause);
	}

}
