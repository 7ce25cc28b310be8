package io.github.tomcatlatency.autoconfigure.warmup;

import io.github.tomcatlatency.autoconfigure.internal.Contained;
import io.github.tomcatlatency.warmup.internal.task.data.RepositoryQueryWarmup;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.data.repository.core.support.RepositoryFactoryBeanSupport;

/**
 * Gives each Spring Data repository factory the {@link RepositoryQueryWarmup} as a query
 * creation listener before the factory builds its repository, so that the task learns
 * every derived query Spring Data creates.
 */
final class RepositoryQueryWarmupPostProcessor implements BeanPostProcessor {

	private final ObjectProvider<RepositoryQueryWarmup> warmup;

	RepositoryQueryWarmupPostProcessor(ObjectProvider<RepositoryQueryWarmup> warmup) {
		this.warmup = warmup;
	}

	@Override
	public Object postProcessBeforeInitialization(Object bean, String beanName) {
		if (bean instanceof RepositoryFactoryBeanSupport<?, ?, ?> factoryBean) {
			factoryBean.addRepositoryFactoryCustomizer((factory) -> Contained.run("the warm-up's repository queries",
					"tomcat-latency.warmup.framework-requests",
					() -> factory.addQueryCreationListener(this.warmup.getObject())));
		}
		return bean;
	}

}
