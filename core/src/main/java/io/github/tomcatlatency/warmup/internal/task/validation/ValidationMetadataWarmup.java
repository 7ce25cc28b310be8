package io.github.tomcatlatency.warmup.internal.task.validation;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.Set;

import io.github.tomcatlatency.warmup.internal.task.WarmupTask;
import jakarta.validation.Valid;
import jakarta.validation.Validator;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import jakarta.validation.metadata.BeanDescriptor;
import jakarta.validation.metadata.ConstraintDescriptor;
import jakarta.validation.metadata.PropertyDescriptor;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.core.MethodParameter;
import org.springframework.validation.annotation.Validated;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;

/**
 * Builds the Bean Validation metadata of the types the application's handler methods
 * validate ({@code @Valid} or {@code @Validated} parameters, and the types their
 * properties cascade to), and initializes the validators of their built-in constraints,
 * which the first request of each validating route otherwise pays for.
 * <p>
 * No application object is created or validated: the metadata comes from the types
 * ({@link Validator#getConstraintsForClass}), and each property whose constraints are all
 * Bean Validation's own ({@code jakarta.validation.constraints}) has a {@code null}
 * validated against them with {@link Validator#validateValue}, which initializes their
 * validators. Properties with a constraint of the application's own are left alone: its
 * validator is application code.
 */
public final class ValidationMetadataWarmup implements WarmupTask {

	private static final String BUILT_IN_CONSTRAINTS = "jakarta.validation.constraints.";

	private final ObjectProvider<Validator> validators;

	private final ObjectProvider<RequestMappingHandlerMapping> handlerMappings;

	/**
	 * Create a task.
	 * @param validators the application's validators
	 * @param handlerMappings the application's annotated-controller mappings
	 */
	public ValidationMetadataWarmup(ObjectProvider<Validator> validators,
			ObjectProvider<RequestMappingHandlerMapping> handlerMappings) {
		this.validators = validators;
		this.handlerMappings = handlerMappings;
	}

	@Override
	public String name() {
		return "validation";
	}

	@Override
	public void run() {
		Validator validator = this.validators.getIfUnique();
		if (validator == null) {
			return;
		}
		Deque<Class<?>> pending = new ArrayDeque<>(validatedTypes());
		Set<Class<?>> seen = new LinkedHashSet<>(pending);
		while (!pending.isEmpty()) {
			Class<?> type = pending.pop();
			BeanDescriptor bean = validator.getConstraintsForClass(type);
			for (PropertyDescriptor property : bean.getConstrainedProperties()) {
				if (property.isCascaded() && !isPlatformType(property.getElementClass())
						&& seen.add(property.getElementClass())) {
					pending.add(property.getElementClass());
				}
				if (!property.getConstraintDescriptors().isEmpty()
						&& property.getConstraintDescriptors().stream().allMatch(this::isBuiltIn)) {
					validator.validateValue(type, property.getPropertyName(), null);
				}
			}
		}
		if (!seen.isEmpty()) {
			// The path of every validated body, on an object of the starter's own: the
			// validation context, the traversable resolver (JPA's, where JPA is there),
			// cascading.
			validator.validate(new Sample());
		}
	}

	private Set<Class<?>> validatedTypes() {
		Set<Class<?>> types = new LinkedHashSet<>();
		this.handlerMappings.orderedStream()
			.flatMap((mapping) -> mapping.getHandlerMethods().values().stream())
			.flatMap((handlerMethod) -> Arrays.stream(handlerMethod.getMethodParameters()))
			.filter((parameter) -> parameter.hasParameterAnnotation(Valid.class)
					|| parameter.hasParameterAnnotation(Validated.class))
			.map(MethodParameter::getParameterType)
			.filter((type) -> !isPlatformType(type))
			.forEach(types::add);
		return types;
	}

	private boolean isBuiltIn(ConstraintDescriptor<?> constraint) {
		return constraint.getAnnotation().annotationType().getName().startsWith(BUILT_IN_CONSTRAINTS)
				&& constraint.getComposingConstraints().stream().allMatch(this::isBuiltIn);
	}

	private static boolean isPlatformType(Class<?> type) {
		return type.isPrimitive() || type.isArray() || type.getName().startsWith("java.");
	}

	/**
	 * An object of the starter's own, validated as a request body is.
	 */
	static final class Sample {

		@NotNull
		private final String name = "warm-up";

		@Valid
		private final Item item = new Item();

		static final class Item {

			@NotNull
			@Size(max = 16)
			private final String label = "item";

		}

	}

}
