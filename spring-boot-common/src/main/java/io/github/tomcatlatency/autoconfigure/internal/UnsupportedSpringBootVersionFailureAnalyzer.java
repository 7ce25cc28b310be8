package io.github.tomcatlatency.autoconfigure.internal;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Turns an {@link UnsupportedSpringBootVersionException} into Boot's start-up failure
 * report, without a stack trace.
 */
class UnsupportedSpringBootVersionFailureAnalyzer
		extends AbstractFailureAnalyzer<UnsupportedSpringBootVersionException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, UnsupportedSpringBootVersionException cause) {
		return new FailureAnalysis(cause.getMessage() + ".", cause.getAction(), cause);
	}

}
