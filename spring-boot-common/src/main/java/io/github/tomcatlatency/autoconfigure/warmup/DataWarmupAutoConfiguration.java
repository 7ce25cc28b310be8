package io.github.tomcatlatency.autoconfigure.warmup;

import io.github.tomcatlatency.autoconfigure.ConditionalOnTomcatLatency;
import io.github.tomcatlatency.warmup.internal.task.WarmupTaskResults;
import io.github.tomcatlatency.warmup.internal.task.data.QueryExpressionWarmup;
import io.github.tomcatlatency.warmup.internal.task.data.RepositoryQueryWarmup;
import io.github.tomcatlatency.warmup.internal.task.data.TransactionalLookupWarmup;
import io.github.tomcatlatency.warmup.internal.task.validation.ValidationMetadataWarmup;
import jakarta.persistence.EntityManagerFactory;
import jakarta.validation.Validator;

import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.jpa.repository.Query;
import org.springframework.data.jpa.repository.query.PartTreeJpaQuery;
import org.springframework.data.spel.ExtensionAwareEvaluationContextProvider;
import org.springframework.orm.jpa.EntityManagerFactoryUtils;
import org.springframework.orm.jpa.EntityManagerHolder;
import org.springframework.transaction.interceptor.TransactionInterceptor;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;

/**
 * {@link org.springframework.boot.autoconfigure.EnableAutoConfiguration
 * Auto-configuration} of the warm-up tasks for what data routes share beyond Spring MVC:
 * the derived queries of Spring Data JPA repositories, prepared without being run, the
 * evaluation context of declared queries' SpEL expressions, a read through the
 * application's transaction interceptor that finds no row, and the Bean Validation
 * metadata of validated request bodies. Each is a framework request's task, on with the
 * other built-in requests.
 */
@AutoConfiguration(after = WarmupAutoConfiguration.class)
@ConditionalOnTomcatLatency
@ConditionalOnBooleanProperty(name = "tomcat-latency.warmup.enabled", matchIfMissing = true)
@ConditionalOnBooleanProperty(name = "tomcat-latency.warmup.framework-requests", matchIfMissing = true)
public final class DataWarmupAutoConfiguration {

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass({ PartTreeJpaQuery.class, EntityManagerHolder.class, EntityManagerFactory.class })
	static class RepositoryQueryConfiguration {

		@Bean
		RepositoryQueryWarmup tomcatLatencyRepositoryQueryWarmup(
				ObjectProvider<EntityManagerFactory> entityManagerFactories, WarmupTaskResults taskResults) {
			return new RepositoryQueryWarmup(entityManagerFactories, taskResults);
		}

		@Bean
		static RepositoryQueryWarmupPostProcessor tomcatLatencyRepositoryQueryWarmupPostProcessor(
				ObjectProvider<RepositoryQueryWarmup> warmup) {
			return new RepositoryQueryWarmupPostProcessor(warmup);
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass({ ExtensionAwareEvaluationContextProvider.class, Query.class })
	static class QueryExpressionConfiguration {

		@Bean
		QueryExpressionWarmup tomcatLatencyQueryExpressionWarmup(ListableBeanFactory beanFactory) {
			return new QueryExpressionWarmup(beanFactory);
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass({ TransactionInterceptor.class, EntityManagerFactoryUtils.class, EntityManagerFactory.class })
	static class TransactionalLookupConfiguration {

		@Bean
		TransactionalLookupWarmup tomcatLatencyTransactionalLookupWarmup(
				ObjectProvider<TransactionInterceptor> interceptors,
				ObjectProvider<EntityManagerFactory> entityManagerFactories, ListableBeanFactory beanFactory) {
			return new TransactionalLookupWarmup(interceptors, entityManagerFactories, beanFactory);
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(Validator.class)
	static class ValidationConfiguration {

		@Bean
		ValidationMetadataWarmup tomcatLatencyValidationMetadataWarmup(ObjectProvider<Validator> validators,
				ObjectProvider<RequestMappingHandlerMapping> handlerMappings) {
			return new ValidationMetadataWarmup(validators, handlerMappings);
		}

	}

}
