package io.github.tomcatlatency.autoconfigure.training;

import org.springframework.boot.autoconfigure.condition.AnyNestedCondition;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.context.aot.AbstractAotProcessor;

/**
 * The condition of {@link TrainingAutoConfiguration}: a training run
 * ({@code tomcat-latency.warmup.training=true}), or Spring AOT processing the
 * application. Spring AOT evaluates conditions once, at build time, where a training run
 * is not asked for: the training configuration goes into the generated bean definitions
 * whatever the build's property, and {@code AotRunCheck} removes it at run time unless
 * the run is a training run.
 */
class OnTrainingCondition extends AnyNestedCondition {

	OnTrainingCondition() {
		super(ConfigurationPhase.PARSE_CONFIGURATION);
	}

	@ConditionalOnBooleanProperty("tomcat-latency.warmup.training")
	static class TrainingRun {

	}

	/**
	 * Spring AOT sets the system property while it processes the application (the
	 * {@code process-aot} goal, Gradle's {@code processAot}), and clears it after.
	 */
	@ConditionalOnBooleanProperty(AbstractAotProcessor.AOT_PROCESSING)
	static class SpringAotProcessing {

	}

}
