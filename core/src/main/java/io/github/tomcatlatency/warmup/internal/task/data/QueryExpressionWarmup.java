package io.github.tomcatlatency.warmup.internal.task.data;

import java.lang.reflect.Method;

import io.github.tomcatlatency.warmup.internal.task.WarmupTask;

import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.data.jpa.repository.Query;
import org.springframework.data.repository.core.support.RepositoryFactoryInformation;
import org.springframework.data.spel.ExtensionAwareEvaluationContextProvider;
import org.springframework.data.spel.spi.EvaluationContextExtension;
import org.springframework.expression.EvaluationContext;
import org.springframework.expression.spel.standard.SpelExpressionParser;
import org.springframework.util.ClassUtils;

/**
 * Builds the evaluation context that Spring Data gives the SpEL expressions of declared
 * JPA queries ({@code :#{...}}), which the first call of such a query otherwise pays for:
 * Spring Data reads what each evaluation context extension contributes (root object,
 * properties, functions) and links it into a SpEL context. Runs only when a repository
 * declares such a query, and only when every extension is Spring's own: an extension of
 * the application's is application code. The context is the starter's own, with a
 * variable of its own; no query runs.
 */
public final class QueryExpressionWarmup implements WarmupTask {

	private static final String SPRING = "org.springframework.";

	private final ListableBeanFactory beanFactory;

	/**
	 * Create a task.
	 * @param beanFactory where the application's repositories and evaluation context
	 * extensions are
	 */
	public QueryExpressionWarmup(ListableBeanFactory beanFactory) {
		this.beanFactory = beanFactory;
	}

	@Override
	public String name() {
		return "query-expressions";
	}

	@Override
	public void run() {
		if (!declaresQueryExpression() || !onlySpringsExtensions()) {
			return;
		}
		EvaluationContext context = new ExtensionAwareEvaluationContextProvider(this.beanFactory)
			.getEvaluationContext(new Object[] { "warm-up" });
		context.setVariable("warmup", "warm-up");
		new SpelExpressionParser().parseExpression("#warmup.length()").getValue(context);
	}

	private boolean declaresQueryExpression() {
		for (RepositoryFactoryInformation<?, ?> repository : this.beanFactory
			.getBeansOfType(RepositoryFactoryInformation.class, false, false)
			.values()) {
			for (Method method : repository.getRepositoryInformation().getRepositoryInterface().getMethods()) {
				Query query = AnnotatedElementUtils.findMergedAnnotation(method, Query.class);
				if (query != null && (query.value().contains("#{") || query.countQuery().contains("#{"))) {
					return true;
				}
			}
		}
		return false;
	}

	private boolean onlySpringsExtensions() {
		return this.beanFactory.getBeansOfType(EvaluationContextExtension.class, false, false)
			.values()
			.stream()
			.allMatch((extension) -> ClassUtils.getUserClass(extension).getName().startsWith(SPRING));
	}

}
