package io.github.tomcatlatency.autoconfigure.training;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Turns a {@link TrainingException} into Boot's start-up failure report, without a stack
 * trace.
 */
class TrainingFailureAnalyzer extends AbstractFailureAnalyzer<TrainingException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, TrainingException cause) {
		return new FailureAnalysis(cause.getMessage(), cause.getAction(), cause);
	}

}
