package io.github.tomcatlatency.autoconfigure.aot;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.List;

import io.github.tomcatlatency.autoconfigure.TomcatLatencyProperties;
import io.github.tomcatlatency.autoconfigure.internal.FirstReadiness;
import io.github.tomcatlatency.autoconfigure.training.TrainingAutoConfiguration;
import org.jspecify.annotations.Nullable;

import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.beans.factory.support.AbstractBeanDefinition;
import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.beans.factory.support.BeanDefinitionRegistryPostProcessor;
import org.springframework.beans.factory.support.InstanceSupplier;

/**
 * Removes the bean definitions of {@link TrainingAutoConfiguration} from a context that
 * Spring AOT generated, where it is whatever the build-time
 * {@code tomcat-latency.warmup.training}, in a run that is not a training run: the
 * configuration class, its nested configurations and the beans of their methods. Added to
 * the context before it refreshes, it runs before any other post-processor, so none of
 * them is created. The configuration's imports, which other auto-configurations share,
 * are left.
 */
final class TrainingDefinitionsRemover implements BeanDefinitionRegistryPostProcessor {

	static final String PROPERTY = "tomcat-latency.warmup.training";

	private static final String CONFIGURATION = TrainingAutoConfiguration.class.getName();

	private static final String PACKAGE = "io.github.tomcatlatency.autoconfigure.";

	private static final String FIRST_READINESS = FirstReadiness.class.getName();

	// The name @EnableConfigurationProperties gives it: prefix-class.
	private static final String PROPERTIES = "tomcat-latency-" + TomcatLatencyProperties.class.getName();

	@Override
	public void postProcessBeanDefinitionRegistry(BeanDefinitionRegistry registry) {
		for (String name : registry.getBeanDefinitionNames()) {
			BeanDefinition definition = registry.getBeanDefinition(name);
			if (isTraining(name) || isTraining(definition.getFactoryBeanName())
					|| isTraining(factoryClass(definition))) {
				registry.removeBeanDefinition(name);
			}
		}
		if (Arrays.stream(registry.getBeanDefinitionNames())
			.noneMatch(TrainingDefinitionsRemover::isOtherConfiguration)) {
			// The starter is off (tomcat-latency.enabled=false at build and run time):
			// what
			// only the training configuration brought goes too, as a start without
			// Spring AOT has none of it.
			for (String shared : List.of(FIRST_READINESS, PROPERTIES)) {
				if (registry.containsBeanDefinition(shared)) {
					registry.removeBeanDefinition(shared);
				}
			}
		}
	}

	@Override
	public void postProcessBeanFactory(ConfigurableListableBeanFactory beanFactory) {
	}

	private static @Nullable String factoryClass(BeanDefinition definition) {
		// Spring AOT gives the bean of a static @Bean method no factory bean name: its
		// instance supplier knows the method.
		if (definition instanceof AbstractBeanDefinition bean
				&& bean.getInstanceSupplier() instanceof InstanceSupplier<?> supplier) {
			Method method = supplier.getFactoryMethod();
			return (method != null) ? method.getDeclaringClass().getName() : null;
		}
		return null;
	}

	private static boolean isOtherConfiguration(String name) {
		// Each auto-configuration of the starter is registered under its class's name.
		return name.startsWith(PACKAGE) && !name.equals(FIRST_READINESS);
	}

	private static boolean isTraining(@Nullable String name) {
		// The configuration class or one of its nested configurations ($), or the factory
		// of a bean method's.
		return name != null && (name.equals(CONFIGURATION) || name.startsWith(CONFIGURATION + "$"));
	}

}
