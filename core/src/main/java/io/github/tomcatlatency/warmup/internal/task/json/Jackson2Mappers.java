package io.github.tomcatlatency.warmup.internal.task.json;

import java.lang.reflect.Type;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.jspecify.annotations.Nullable;

import org.springframework.http.converter.HttpMessageConverter;
import org.springframework.http.converter.json.AbstractJackson2HttpMessageConverter;

/**
 * Jackson 2's mappers: Spring Boot 3's JSON library, and Spring Boot 4's when an
 * application keeps Jackson 2. Eager fetching, on by default, builds the root serializer
 * or deserializer when a writer or reader is created.
 */
public final class Jackson2Mappers implements JsonMappers<ObjectMapper> {

	@Override
	public @Nullable ObjectMapper mapperOf(HttpMessageConverter<?> converter) {
		return (converter instanceof AbstractJackson2HttpMessageConverter jackson) ? jackson.getObjectMapper() : null;
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
