package io.github.tomcatlatency.warmup.internal.discovery;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

import io.github.tomcatlatency.warmup.WarmupRequest;
import io.github.tomcatlatency.warmup.WarmupRequest.Origin;

import org.springframework.data.repository.core.RepositoryMetadata;
import org.springframework.data.repository.support.Repositories;
import org.springframework.data.rest.core.config.RepositoryRestConfiguration;
import org.springframework.data.rest.core.mapping.ResourceMappings;
import org.springframework.data.rest.core.mapping.ResourceMetadata;
import org.springframework.data.rest.core.mapping.ResourceType;
import org.springframework.http.HttpMethod;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;

/**
 * Finds the routes Spring Data REST serves that a warm-up can call without arguments: its
 * root, which lists the repositories, and the collection resource of each exported
 * repository that pages ({@code findAll(Pageable)}), so that a call reads one page, never
 * a whole table. Its routes are variables ({@code /{repository}}) that
 * {@link MvcRouteDiscovery} never calls; their first request loads the hypermedia
 * rendering, the repository invoker and the entities' mapping.
 */
public final class DataRestRouteDiscovery {

	private DataRestRouteDiscovery() {
	}

	/**
	 * Return a {@code GET} request for Spring Data REST's root and each paging
	 * repository's collection resource that no exclusion matches and no annotated
	 * controller of the application serves instead.
	 * @param configuration the configuration of Spring Data REST, for its base path
	 * @param mappings its resource mappings
	 * @param repositories the application's repositories
	 * @param controllers the application's annotated-controller mappings, which serve a
	 * path before Spring Data REST does
	 * @param excludes path patterns of routes not to call, in the syntax of
	 * {@link org.springframework.web.util.pattern.PathPatternParser}
	 * @param repetitions how many times to send each
	 * @return the requests, the root first, then sorted by path
	 */
	public static List<WarmupRequest> getRoutes(RepositoryRestConfiguration configuration, ResourceMappings mappings,
			Repositories repositories, List<RequestMappingHandlerMapping> controllers, List<String> excludes,
			int repetitions) {
		String basePath = configuration.getBasePath().toString();
		List<String> paths = new ArrayList<>();
		paths.add(basePath.isEmpty() ? "/" : basePath);
		mappings.stream()
			.filter((resource) -> isPagedCollection(resource, repositories))
			.map((resource) -> basePath + resource.getPath())
			.filter(MvcRouteDiscovery::isLiteral)
			.sorted()
			.forEach(paths::add);
		Predicate<String> callable = RoutePaths.notExcluded(excludes)
			.and((path) -> controllers.stream().noneMatch((controller) -> RoutePaths.serves(controller, path)));
		return paths.stream()
			.distinct()
			.filter(callable)
			.map((path) -> new WarmupRequest(Origin.DISCOVERED, "GET", path, Map.of(), null, repetitions))
			.toList();
	}

	private static boolean isPagedCollection(ResourceMetadata resource, Repositories repositories) {
		return resource.isExported()
				&& resource.getSupportedHttpMethods().getMethodsFor(ResourceType.COLLECTION).contains(HttpMethod.GET)
				&& repositories.getRepositoryInformationFor(resource.getDomainType())
					.filter(RepositoryMetadata::isPagingRepository)
					.isPresent();
	}

}
