package io.github.tomcatlatency.autoconfigure.aot;

import java.nio.charset.StandardCharsets;

import org.jspecify.annotations.Nullable;

import org.springframework.aot.generate.GeneratedFiles.Kind;
import org.springframework.beans.factory.aot.BeanFactoryInitializationAotContribution;
import org.springframework.beans.factory.aot.BeanFactoryInitializationAotProcessor;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.Environment;
import org.springframework.core.io.ByteArrayResource;
import org.springframework.util.StreamUtils;

/**
 * Records the values of the starter's switches where Spring AOT processes the
 * application, in {@value BuildTimeSwitches#LOCATION}, so that a run from the generated
 * code can tell that its own differ ({@link AotRunCheck}). Registered in
 * {@code META-INF/spring/aot.factories}.
 */
class BuildTimeSwitchesAotProcessor implements BeanFactoryInitializationAotProcessor {

	@Override
	public @Nullable BeanFactoryInitializationAotContribution processAheadOfTime(
			ConfigurableListableBeanFactory beanFactory) {
		// A child context (a separate management server's) has the application's
		// environment: the application's context records it.
		if (beanFactory.getParentBeanFactory() != null
				|| !beanFactory.containsBean(ConfigurableApplicationContext.ENVIRONMENT_BEAN_NAME)) {
			return null;
		}
		Environment environment = beanFactory.getBean(ConfigurableApplicationContext.ENVIRONMENT_BEAN_NAME,
				Environment.class);
		BuildTimeSwitches switches = BuildTimeSwitches.of(environment);
		return (generationContext, code) -> {
			generationContext.getGeneratedFiles().handleFile(Kind.RESOURCE, BuildTimeSwitches.LOCATION, (file) -> {
				String content = switches.toContent();
				if (file.exists()) {
					// Spring AOT's test contexts, processed together, share the resource.
					content = switches.mergedWith(
							StreamUtils.copyToString(file.getContent().getInputStream(), StandardCharsets.ISO_8859_1));
					file.override(new ByteArrayResource(content.getBytes(StandardCharsets.ISO_8859_1)));
				}
				else {
					file.create(new ByteArrayResource(content.getBytes(StandardCharsets.ISO_8859_1)));
				}
			});
			// Read at run time, in a native image too.
			generationContext.getRuntimeHints().resources().registerPattern(BuildTimeSwitches.LOCATION);
		};
	}

}
