package io.github.tomcatlatency.autoconfigure.aot;

import io.github.tomcatlatency.autoconfigure.TomcatLatencyProperties;
import io.github.tomcatlatency.autoconfigure.internal.FirstReadiness;
import io.github.tomcatlatency.autoconfigure.training.TrainingAutoConfiguration;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.aot.BeanInstanceSupplier;
import org.springframework.beans.factory.support.DefaultListableBeanFactory;
import org.springframework.beans.factory.support.RootBeanDefinition;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link TrainingDefinitionsRemover}, on bean definitions as Spring AOT's
 * generated code registers them.
 */
class TrainingDefinitionsRemoverTests {

	private static final String TRAINING = TrainingAutoConfiguration.class.getName();

	private static final String PROPERTIES = "tomcat-latency-" + TomcatLatencyProperties.class.getName();

	@Test
	void removesTheTrainingConfigurationItsNestedConfigurationsAndTheirBeans() throws Exception {
		DefaultListableBeanFactory registry = generatedContext();
		registry.registerBeanDefinition("io.github.tomcatlatency.autoconfigure.warmup.WarmupAutoConfiguration",
				new RootBeanDefinition(Object.class));
		new TrainingDefinitionsRemover().postProcessBeanDefinitionRegistry(registry);
		assertThat(registry.getBeanDefinitionNames()).containsExactlyInAnyOrder("applicationBean",
				"io.github.tomcatlatency.autoconfigure.warmup.WarmupAutoConfiguration", FirstReadiness.class.getName(),
				PROPERTIES);
	}

	@Test
	void removesWhatOnlyTheTrainingConfigurationBroughtWhenTheStarterIsOff() throws Exception {
		DefaultListableBeanFactory registry = generatedContext();
		new TrainingDefinitionsRemover().postProcessBeanDefinitionRegistry(registry);
		assertThat(registry.getBeanDefinitionNames()).containsExactly("applicationBean");
	}

	private static DefaultListableBeanFactory generatedContext() throws Exception {
		DefaultListableBeanFactory registry = new DefaultListableBeanFactory();
		registry.registerBeanDefinition("applicationBean", new RootBeanDefinition(Object.class));
		registry.registerBeanDefinition(TRAINING, new RootBeanDefinition(TrainingAutoConfiguration.class));
		RootBeanDefinition exit = new RootBeanDefinition(Object.class);
		exit.setFactoryBeanName(TRAINING);
		registry.registerBeanDefinition("tomcatLatencyTrainingExit", exit);
		Class<?> transactions = Class.forName(TRAINING + "$TransactionConfiguration");
		registry.registerBeanDefinition(transactions.getName(), new RootBeanDefinition(transactions));
		// A static @Bean method: no factory bean name, the method in its supplier.
		RootBeanDefinition postProcessor = new RootBeanDefinition(Object.class);
		postProcessor.setInstanceSupplier(BeanInstanceSupplier.forFactoryMethod(transactions,
				"tomcatLatencyTrainingWriteTransactions", ObjectProvider.class, ObjectProvider.class));
		registry.registerBeanDefinition("tomcatLatencyTrainingWriteTransactions", postProcessor);
		registry.registerBeanDefinition(FirstReadiness.class.getName(), new RootBeanDefinition(Object.class));
		registry.registerBeanDefinition(PROPERTIES, new RootBeanDefinition(TomcatLatencyProperties.class));
		return registry;
	}

}
