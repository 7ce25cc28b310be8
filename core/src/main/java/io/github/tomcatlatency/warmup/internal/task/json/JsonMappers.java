package io.github.tomcatlatency.warmup.internal.task.json;

import java.lang.reflect.Type;

import org.jspecify.annotations.Nullable;

import org.springframework.http.converter.HttpMessageConverter;

/**
 * One JSON library's mappers, as Spring MVC's message converters hold them: what
 * {@link JsonTypeWarmup} needs of a library to build its serializers and deserializers
 * ahead of the first request.
 *
 * @param <M> the library's mapper type
 */
public interface JsonMappers<M> {

	/**
	 * Return the mapper of the given converter.
	 * @param converter one of Spring MVC's message converters
	 * @return its mapper, or {@code null} when the converter is not this library's
	 */
	@Nullable M mapperOf(HttpMessageConverter<?> converter);

	/**
	 * Build, in the mapper, the serializer of the given type.
	 * @param mapper the mapper
	 * @param type a type a handler method writes to the response body
	 */
	void prepareWriter(M mapper, Type type);

	/**
	 * Build, in the mapper, the deserializer of the given type.
	 * @param mapper the mapper
	 * @param type a type a handler method reads from the request body
	 */
	void prepareReader(M mapper, Type type);

}
