package org.springframework.data.tomcatlatency;

import java.util.concurrent.atomic.AtomicInteger;

import org.springframework.data.spel.spi.EvaluationContextExtension;

/**
 * An evaluation context extension that counts the evaluation contexts built with it. In a
 * package of Spring's, as the extensions of Spring Data and Spring Security are: the
 * query expression warm-up builds a context only with those.
 */
public class RecordingEvaluationContextExtension implements EvaluationContextExtension {

	/**
	 * How many evaluation contexts asked for the root object.
	 */
	public static final AtomicInteger contexts = new AtomicInteger();

	@Override
	public String getExtensionId() {
		return "recording";
	}

	@Override
	public Object getRootObject() {
		contexts.incrementAndGet();
		return new Object();
	}

}
