package io.github.tomcatlatency.warmup.internal.task.json;

import java.util.List;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ser.DefaultSerializerProvider;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.support.DefaultListableBeanFactory;
import org.springframework.http.MediaType;
import org.springframework.http.converter.HttpMessageConverter;
import org.springframework.http.converter.StringHttpMessageConverter;
import org.springframework.http.converter.json.MappingJackson2HttpMessageConverter;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.mvc.method.RequestMappingInfo;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerAdapter;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link JsonTypeWarmup}, with Jackson's own mappers: a serializer it builds is
 * in the mapper's serializer cache.
 */
class JsonTypeWarmupTests {

	@Test
	void preparesTheMapperOfTheFirstConverterThatHandlesJsonOnly() {
		ObjectMapper cbor = new ObjectMapper();
		ObjectMapper json = new ObjectMapper();
		ObjectMapper later = new ObjectMapper();
		MappingJackson2HttpMessageConverter cborConverter = new MappingJackson2HttpMessageConverter(cbor);
		cborConverter.setSupportedMediaTypes(List.of(MediaType.APPLICATION_CBOR));
		run(new StringHttpMessageConverter(), cborConverter, new MappingJackson2HttpMessageConverter(json),
				new MappingJackson2HttpMessageConverter(later));
		assertThat(cachedSerializers(json)).isPositive();
		assertThat(cachedSerializers(cbor)).isZero();
		assertThat(cachedSerializers(later)).isZero();
	}

	@Test
	void preparesNothingWithoutAJsonConverter() {
		ObjectMapper cbor = new ObjectMapper();
		MappingJackson2HttpMessageConverter cborConverter = new MappingJackson2HttpMessageConverter(cbor);
		cborConverter.setSupportedMediaTypes(List.of(MediaType.APPLICATION_CBOR));
		run(new StringHttpMessageConverter(), cborConverter);
		assertThat(cachedSerializers(cbor)).isZero();
	}

	private static void run(HttpMessageConverter<?>... converters) {
		RequestMappingHandlerMapping mapping = new RequestMappingHandlerMapping();
		BookController controller = new BookController();
		mapping.registerMapping(RequestMappingInfo.paths("/book").build(), controller,
				BookController.class.getDeclaredMethods()[0]);
		RequestMappingHandlerAdapter adapter = new RequestMappingHandlerAdapter();
		adapter.setMessageConverters(List.of(converters));
		DefaultListableBeanFactory beans = new DefaultListableBeanFactory();
		beans.registerSingleton("mapping", mapping);
		beans.registerSingleton("adapter", adapter);
		new JsonTypeWarmup(beans.getBeanProvider(RequestMappingHandlerMapping.class),
				beans.getBeanProvider(RequestMappingHandlerAdapter.class), List.of(new Jackson2Mappers()))
			.run();
	}

	private static int cachedSerializers(ObjectMapper mapper) {
		return ((DefaultSerializerProvider) mapper.getSerializerProvider()).cachedSerializersCount();
	}

	@RestController
	static class BookController {

		@GetMapping("/book")
		Book book() {
			return new Book("title");
		}

	}

	record Book(String title) {

	}

}
