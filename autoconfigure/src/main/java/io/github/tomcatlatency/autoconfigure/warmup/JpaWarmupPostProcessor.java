package io.github.tomcatlatency.autoconfigure.warmup;

import io.github.tomcatlatency.warmup.BackgroundWarmup;
import io.github.tomcatlatency.warmup.JpaQueryWarmup;
import jakarta.persistence.EntityManagerFactory;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanPostProcessor;

/**
 * Starts the {@link JpaQueryWarmup} of each persistence unit as soon as it is built, in
 * the background, while the rest of the application starts.
 */
final class JpaWarmupPostProcessor implements BeanPostProcessor {

	private final ObjectProvider<BackgroundWarmup> backgroundWarmup;

	JpaWarmupPostProcessor(ObjectProvider<BackgroundWarmup> backgroundWarmup) {
		this.backgroundWarmup = backgroundWarmup;
	}

	@Override
	public Object postProcessAfterInitialization(Object bean, String beanName) {
		if (bean instanceof EntityManagerFactory entityManagerFactory) {
			this.backgroundWarmup.getObject().start("jpa", new JpaQueryWarmup(entityManagerFactory));
		}
		return bean;
	}

}
