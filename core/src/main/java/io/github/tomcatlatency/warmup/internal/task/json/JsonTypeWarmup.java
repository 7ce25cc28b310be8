package io.github.tomcatlatency.warmup.internal.task.json;

import java.lang.reflect.Type;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

import io.github.tomcatlatency.warmup.internal.discovery.HandlerBodies;
import io.github.tomcatlatency.warmup.internal.task.WarmupTask;
import org.jspecify.annotations.Nullable;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.core.ResolvableType;
import org.springframework.http.MediaType;
import org.springframework.http.converter.HttpMessageConverter;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerAdapter;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;

/**
 * Builds, in the JSON mapper that serves the application's JSON bodies (that of the first
 * message converter that handles JSON), the serializers of what the application's handler
 * methods return in a response body and the deserializers of what they read from a
 * request body: the per-type work that the first request of each JSON route otherwise
 * pays for; of a {@code Page<T>} or another of Spring's generic containers, the
 * serializer of its content. Jackson only introspects the types; no application method is
 * called. Each JSON library's mapper is reached through its {@link JsonMappers}.
 */
public final class JsonTypeWarmup implements WarmupTask {

	private final ObjectProvider<RequestMappingHandlerMapping> handlerMappings;

	private final ObjectProvider<RequestMappingHandlerAdapter> handlerAdapters;

	private final List<JsonMappers<?>> libraries;

	/**
	 * Create a task.
	 * @param handlerMappings the application's annotated-controller mappings
	 * @param handlerAdapters the adapters whose message converters hold the mappers
	 * @param libraries the JSON libraries whose mappers are prepared
	 */
	public JsonTypeWarmup(ObjectProvider<RequestMappingHandlerMapping> handlerMappings,
			ObjectProvider<RequestMappingHandlerAdapter> handlerAdapters, List<JsonMappers<?>> libraries) {
		this.handlerMappings = handlerMappings;
		this.handlerAdapters = handlerAdapters;
		this.libraries = libraries;
	}

	@Override
	public String name() {
		return "json-types";
	}

	@Override
	public void run() {
		// Spring MVC writes and reads a JSON body with the first converter that handles
		// JSON: the Jackson converters after it (another library's that a dependency
		// brings, XML, CBOR) never serve a JSON request, and preparing their mappers
		// would only hold readiness back.
		JsonMapper<?> json = this.handlerAdapters.orderedStream()
			.flatMap((adapter) -> adapter.getMessageConverters().stream())
			.filter(JsonTypeWarmup::handlesJson)
			.flatMap((converter) -> this.libraries.stream()
				.map((library) -> JsonMapper.of(library, converter))
				.filter(Objects::nonNull))
			.findFirst()
			.orElse(null);
		if (json == null) {
			return;
		}
		Set<Type> written = new LinkedHashSet<>();
		Set<Type> read = new LinkedHashSet<>();
		this.handlerMappings.orderedStream()
			.flatMap((mapping) -> mapping.getHandlerMethods().values().stream())
			.forEach((handlerMethod) -> collect(handlerMethod, written, read));
		json.prepare(written, read);
	}

	private static boolean handlesJson(HttpMessageConverter<?> converter) {
		return converter.getSupportedMediaTypes()
			.stream()
			.anyMatch((mediaType) -> mediaType.isCompatibleWith(MediaType.APPLICATION_JSON));
	}

	private static void collect(HandlerMethod handlerMethod, Set<Type> written, Set<Type> read) {
		ResolvableType body = HandlerBodies.written(handlerMethod);
		if (body != null) {
			addBodyType(body, written);
		}
		HandlerBodies.read(handlerMethod).forEach((type) -> addBodyType(type, read));
	}

	private static void addBodyType(ResolvableType body, Set<Type> types) {
		Class<?> bodyClass = body.toClass();
		if (body.hasUnresolvableGenerics() || bodyClass == Object.class || bodyClass == void.class
				|| bodyClass == Void.class || bodyClass == String.class || bodyClass.isPrimitive()) {
			return;
		}
		if (bodyClass.getName().startsWith("org.springframework.")) {
			// A Page<T> or another of Spring's generic containers: its own serializer is
			// Spring's to build (Spring Data logs a warning when PageImpl's is built),
			// the serializer of its content is the application's.
			for (ResolvableType content : body.getGenerics()) {
				addBodyType(content, types);
			}
			return;
		}
		types.add(body.getType());
	}

	/**
	 * A JSON library and the mapper of one of its converters.
	 *
	 * @param <M> the library's mapper type
	 * @param library the library
	 * @param mapper the converter's mapper
	 */
	private record JsonMapper<M>(JsonMappers<M> library, M mapper) {

		static <M> @Nullable JsonMapper<M> of(JsonMappers<M> library, HttpMessageConverter<?> converter) {
			M mapper = library.mapperOf(converter);
			return (mapper != null) ? new JsonMapper<>(library, mapper) : null;
		}

		void prepare(Set<Type> written, Set<Type> read) {
			written.forEach((type) -> this.library.prepareWriter(this.mapper, type));
			read.forEach((type) -> this.library.prepareReader(this.mapper, type));
		}

	}

}
