package io.github.tomcatlatency.autoconfigure.warmup;

import java.util.ArrayList;
import java.util.List;

import io.github.tomcatlatency.autoconfigure.warmup.WarmupRequests.FrameworkRoutes;
import io.github.tomcatlatency.warmup.WarmupRequest;
import io.github.tomcatlatency.warmup.WarmupRequest.Origin;
import org.springdoc.core.properties.SpringDocConfigProperties;
import org.springdoc.core.properties.SwaggerUiConfigProperties;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.util.ClassUtils;

/**
 * springdoc's own routes, which describe the application without calling it, where
 * springdoc's own configuration beans put them: its API description (the longest built-in
 * request) and its Swagger UI page. None when springdoc serves them on the management
 * port ({@code springdoc.use-management-port}), which the warm-up does not reach.
 */
final class SpringDocRoutes implements FrameworkRoutes {

	// springdoc's UI module, which serves the page; its configuration class is in the
	// common module, present without it.
	private static final String SWAGGER_UI_CLASS = "org.springdoc.webmvc.ui.SwaggerConfig";

	// springdoc serves its Swagger UI's files below the folder of
	// springdoc.swagger-ui.path, the page it redirects to among them.
	private static final String SWAGGER_UI_PAGE = "/swagger-ui/index.html";

	private final ObjectProvider<SpringDocConfigProperties> springDoc;

	private final ObjectProvider<SwaggerUiConfigProperties> swaggerUi;

	SpringDocRoutes(ObjectProvider<SpringDocConfigProperties> springDoc,
			ObjectProvider<SwaggerUiConfigProperties> swaggerUi) {
		this.springDoc = springDoc;
		this.swaggerUi = swaggerUi;
	}

	@Override
	public List<WarmupRequest> get() {
		// Should springdoc bind one more than once: the same values, read from the first.
		SpringDocConfigProperties properties = this.springDoc.orderedStream().findFirst().orElse(null);
		if (properties == null || properties.isUseManagementPort()) {
			return List.of();
		}
		// Each bean is there only when its part is enabled (springdoc.api-docs.enabled,
		// springdoc.swagger-ui.enabled): their enabled fields read false when the
		// property is not set.
		List<WarmupRequest> requests = new ArrayList<>();
		requests.add(WarmupRequest.get(Origin.BUILT_IN, properties.getApiDocs().getPath()));
		SwaggerUiConfigProperties ui = this.swaggerUi.orderedStream().findFirst().orElse(null);
		if (ui != null && ui.getPath() != null
				&& ClassUtils.isPresent(SWAGGER_UI_CLASS, SpringDocRoutes.class.getClassLoader())) {
			String path = ui.getPath();
			String folder = path.substring(0, Math.max(path.lastIndexOf('/'), 0));
			requests.add(WarmupRequest.get(Origin.BUILT_IN, folder + SWAGGER_UI_PAGE));
		}
		return requests;
	}

}
