package io.github.tomcatlatency.autoconfigure.training;

import java.util.Set;
import java.util.stream.Collectors;

import io.github.tomcatlatency.autoconfigure.TomcatLatencyProperties;
import io.github.tomcatlatency.autoconfigure.TomcatLatencyProperties.Warmup;
import io.github.tomcatlatency.autoconfigure.internal.EmbeddedTomcat;
import io.github.tomcatlatency.autoconfigure.internal.FirstReadiness;
import io.github.tomcatlatency.autoconfigure.internal.ReadyStep;
import io.github.tomcatlatency.autoconfigure.warmup.WarmupAutoConfiguration;
import io.github.tomcatlatency.jvmcache.internal.JvmCacheInspector;
import io.github.tomcatlatency.training.internal.TrainingExit;
import io.github.tomcatlatency.warmup.internal.WarmupRunner;
import io.github.tomcatlatency.warmup.internal.access.WarmupRequestMarker;
import io.github.tomcatlatency.warmup.internal.replay.TrainedRequestsRecorder;
import io.github.tomcatlatency.warmup.internal.replay.WriteTransactions;
import org.apache.catalina.startup.Tomcat;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.ApplicationContext;
import org.springframework.context.ApplicationListener;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.context.event.ContextRefreshedEvent;
import org.springframework.core.annotation.Order;
import org.springframework.core.env.Environment;
import org.springframework.transaction.ConfigurableTransactionManager;

/**
 * {@link org.springframework.boot.autoconfigure.EnableAutoConfiguration
 * Auto-configuration} of a training run ({@code tomcat-latency.warmup.training=true}):
 * the warm-up with route discovery and repeated requests, whose transactions roll back as
 * the warm-up's do ({@code WarmupTransactionRollback}) and are watched on every
 * transaction manager so that no request that could write is recorded for
 * {@code tomcat-latency.warmup.replay-training}, then the application closes and the JVM
 * exits, writing its AOT cache or CDS archive. A training run that cannot serve requests
 * fails start-up. Under Spring AOT it is in the generated bean definitions whatever the
 * build's property, and decided at run time ({@link OnTrainingCondition}).
 */
@AutoConfiguration(after = WarmupAutoConfiguration.class)
@Conditional(OnTrainingCondition.class)
@EnableConfigurationProperties(TomcatLatencyProperties.class)
@Import(FirstReadiness.class)
public final class TrainingAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	TrainingExit tomcatLatencyTrainingExit() {
		return System::exit;
	}

	@Bean
	@Order(ReadyStep.TRAINING_RUN)
	TrainingRun tomcatLatencyTrainingRun(Environment environment, TomcatLatencyProperties properties,
			ObjectProvider<WarmupRunner> warmupRunner, ObjectProvider<WriteTransactions> writes, TrainingExit exit) {
		// Created with the singletons: before the server starts, and before Spring
		// Framework would exit on refresh.
		TrainingPreconditions.replaceContextExit();
		WarmupRunner runner = warmupRunner.getIfAvailable();
		if (runner == null) {
			throw TrainingPreconditions.warmupMissing(environment);
		}
		Set<String> withOwnHeadersOrBody = properties.getWarmup()
			.getRequests()
			.stream()
			.filter((request) -> !request.getHeaders().isEmpty() || request.getBody() != null)
			.map(Warmup.Request::getPath)
			.collect(Collectors.toUnmodifiableSet());
		TrainedRequestsRecorder recorder = new TrainedRequestsRecorder(withOwnHeadersOrBody, writes.getIfAvailable(),
				JvmCacheInspector::trainingOutputDirectory);
		return new TrainingRun(runner::getResult, recorder, exit);
	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(ConfigurableTransactionManager.class)
	static class TransactionConfiguration {

		@Bean
		static WriteTransactionsPostProcessor tomcatLatencyTrainingWriteTransactions(
				ObjectProvider<WarmupRequestMarker> marker, ObjectProvider<WriteTransactions> writes) {
			return new WriteTransactionsPostProcessor(marker, writes);
		}

		@Bean
		WriteTransactions tomcatLatencyWriteTransactions() {
			return new WriteTransactions();
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnBean({ WarmupRunner.class, EmbeddedTomcat.class })
	static class ServerConfiguration {

		@Bean
		ApplicationListener<ContextRefreshedEvent> tomcatLatencyTrainingConnectorCheck(ApplicationContext context,
				EmbeddedTomcat tomcat) {
			return (event) -> {
				// The server has started. A separate management server's context
				// refreshes too; the warm-up uses the application's.
				Tomcat running = (event.getApplicationContext() == context) ? tomcat.get() : null;
				if (running != null) {
					TrainingPreconditions.checkConnector(running);
				}
			};
		}

	}

}
