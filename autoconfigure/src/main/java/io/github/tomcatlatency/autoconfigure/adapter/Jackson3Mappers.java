package io.github.tomcatlatency.autoconfigure.adapter;

import java.lang.reflect.Type;

import io.github.tomcatlatency.warmup.internal.task.json.JsonMappers;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.ObjectMapper;

import org.springframework.http.converter.AbstractJacksonHttpMessageConverter;
import org.springframework.http.converter.HttpMessageConverter;

/**
 * Jackson 3's mappers, Spring Boot 4's JSON library. Eager fetching, on by default,
 * builds the root serializer or deserializer when a writer or reader is created.
 */
final class Jackson3Mappers implements JsonMappers<ObjectMapper> {

	@Override
	public @Nullable ObjectMapper mapperOf(HttpMessageConverter<?> converter) {
		return (converter instanceof AbstractJacksonHttpMessageConverter<?> jackson) ? jackson.getMapper() : null;
	}

	@Override
	public void prepareWriter(ObjectMapper mapper, Type type) {
		mapper.writerFor(mapper.constructType(type));
	}

	@Override
	public void prepareReader(ObjectMapper mapper, Type type) {
		mapper.readerFor(mapper.constructType(type));
	}

}
