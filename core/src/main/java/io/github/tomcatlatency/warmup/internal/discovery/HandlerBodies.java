package io.github.tomcatlatency.warmup.internal.discovery;

import java.util.ArrayList;
import java.util.List;

import org.jspecify.annotations.Nullable;

import org.springframework.core.MethodParameter;
import org.springframework.core.ResolvableType;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.http.HttpEntity;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.ResponseBody;
import org.springframework.web.method.HandlerMethod;

/**
 * The declared types of the bodies a handler method writes and reads through Spring MVC's
 * message converters: an {@link HttpEntity}'s body type, not the entity's.
 */
public final class HandlerBodies {

	private HandlerBodies() {
	}

	/**
	 * Return the declared type of the body a handler method writes: its return type when
	 * it is {@link ResponseBody @ResponseBody} (a {@code @RestController}'s), or the body
	 * type of the {@link HttpEntity} it returns.
	 * @param handler the handler method
	 * @return the body's type, or {@code null} when the method writes no body (it names a
	 * view)
	 */
	public static @Nullable ResolvableType written(HandlerMethod handler) {
		ResolvableType returnType = ResolvableType.forMethodReturnType(handler.getMethod(), handler.getBeanType());
		if (AnnotatedElementUtils.hasAnnotation(handler.getBeanType(), ResponseBody.class)
				|| handler.hasMethodAnnotation(ResponseBody.class)
				|| HttpEntity.class.isAssignableFrom(returnType.toClass())) {
			return body(returnType);
		}
		return null;
	}

	/**
	 * Return the declared types of the bodies a handler method reads: its
	 * {@link RequestBody @RequestBody} parameters' and the body types of its
	 * {@link HttpEntity} parameters.
	 * @param handler the handler method
	 * @return the bodies' types, empty when it reads none
	 */
	public static List<ResolvableType> read(HandlerMethod handler) {
		List<ResolvableType> read = new ArrayList<>();
		for (MethodParameter parameter : handler.getMethodParameters()) {
			ResolvableType type = ResolvableType.forMethodParameter(parameter);
			if (parameter.hasParameterAnnotation(RequestBody.class)
					|| HttpEntity.class.isAssignableFrom(type.toClass())) {
				read.add(body(type));
			}
		}
		return read;
	}

	private static ResolvableType body(ResolvableType declared) {
		return HttpEntity.class.isAssignableFrom(declared.toClass()) ? declared.as(HttpEntity.class).getGeneric(0)
				: declared;
	}

}
