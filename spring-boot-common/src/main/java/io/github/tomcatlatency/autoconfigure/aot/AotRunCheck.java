package io.github.tomcatlatency.autoconfigure.aot;

import java.util.List;

import io.github.tomcatlatency.autoconfigure.aot.BuildTimeSwitches.Difference;

import org.springframework.aot.AotDetector;
import org.springframework.context.ApplicationContextInitializer;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.ConfigurableEnvironment;

/**
 * Makes a run from Spring AOT's generated code ({@code -Dspring.aot.enabled=true}, or a
 * native image) run the starter as configured, or not at all: it fails start-up when a
 * switch that Spring AOT fixed at build time has another value at run time
 * ({@link BuildTimeSwitchesException}), and removes the training configuration, which
 * Spring AOT always generates, unless the run is a training run. A run without Spring
 * AOT's generated code is left as it is: its conditions are evaluated as it starts.
 */
class AotRunCheck implements ApplicationContextInitializer<ConfigurableApplicationContext> {

	@Override
	public void initialize(ConfigurableApplicationContext context) {
		if (!AotDetector.useGeneratedArtifacts()) {
			return;
		}
		ConfigurableEnvironment environment = context.getEnvironment();
		BuildTimeSwitches switches = BuildTimeSwitches.load(context.getClassLoader());
		if (switches != null) {
			List<Difference> differences = switches.differences(environment);
			if (!differences.isEmpty()) {
				throw new BuildTimeSwitchesException(differences);
			}
		}
		if (!"true".equalsIgnoreCase(environment.getProperty(TrainingDefinitionsRemover.PROPERTY))) {
			context.addBeanFactoryPostProcessor(new TrainingDefinitionsRemover());
		}
	}

}
