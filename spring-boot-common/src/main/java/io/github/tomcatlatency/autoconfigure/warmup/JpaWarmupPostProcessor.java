package io.github.tomcatlatency.autoconfigure.warmup;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;

import io.github.tomcatlatency.autoconfigure.internal.Contained;
import io.github.tomcatlatency.warmup.internal.task.ParallelWarmup;
import io.github.tomcatlatency.warmup.internal.task.data.JpaQueryWarmup;
import jakarta.persistence.EntityManagerFactory;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanPostProcessor;

/**
 * Hands the {@link JpaQueryWarmup} of each persistence unit to the background warm-up as
 * soon as the unit is built; it runs once the application context has been refreshed.
 */
final class JpaWarmupPostProcessor implements BeanPostProcessor {

	private final ObjectProvider<ParallelWarmup> parallelWarmup;

	// Spring post-processes a factory bean's product each time it is fetched while the
	// factory bean is still being created: the same persistence unit arrives here several
	// times.
	private final Set<EntityManagerFactory> started = Collections
		.synchronizedSet(Collections.newSetFromMap(new IdentityHashMap<>()));

	JpaWarmupPostProcessor(ObjectProvider<ParallelWarmup> parallelWarmup) {
		this.parallelWarmup = parallelWarmup;
	}

	@Override
	public Object postProcessAfterInitialization(Object bean, String beanName) {
		if (bean instanceof EntityManagerFactory entityManagerFactory && this.started.add(entityManagerFactory)) {
			Contained.run("the warm-up's JPA work", "tomcat-latency.warmup.framework-requests",
					() -> this.parallelWarmup.getObject().start("jpa", new JpaQueryWarmup(entityManagerFactory)));
		}
		return bean;
	}

}
