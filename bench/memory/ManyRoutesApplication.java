package io.github.tomcatlatency.bench.memory;

import java.lang.reflect.Method;

import org.springframework.beans.factory.InitializingBean;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.stereotype.Component;
import org.springframework.web.bind.annotation.RequestMethod;
import org.springframework.web.bind.annotation.ResponseBody;
import org.springframework.web.servlet.mvc.method.RequestMappingInfo;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;

/**
 * An application with many routes, for bench/memory.sh: {@code GET /route0} to
 * {@code /route<n-1>} ({@code memory.routes}, 100 by default), each its own pattern, and
 * {@code POST} on the first half, registered as Spring MVC registers annotated methods.
 */
@SpringBootApplication
public class ManyRoutesApplication {

	public static void main(String[] args) {
		SpringApplication.run(ManyRoutesApplication.class, args);
	}

	/**
	 * Registers the routes once Spring MVC's handler mapping is initialized.
	 */
	@Component
	static class RouteRegistrar implements InitializingBean {

		private final RequestMappingHandlerMapping mapping;

		private final int routes;

		RouteRegistrar(@Qualifier("requestMappingHandlerMapping") RequestMappingHandlerMapping mapping,
				org.springframework.core.env.Environment environment) {
			this.mapping = mapping;
			this.routes = environment.getProperty("memory.routes", Integer.class, 100);
		}

		@Override
		public void afterPropertiesSet() throws Exception {
			Method get = Handler.class.getMethod("get");
			Method post = Handler.class.getMethod("post");
			for (int i = 0; i < this.routes; i++) {
				Handler handler = new Handler(i);
				this.mapping.registerMapping(
						RequestMappingInfo.paths("/route" + i).methods(RequestMethod.GET).build(), handler, get);
				if (i < this.routes / 2) {
					this.mapping.registerMapping(
							RequestMappingInfo.paths("/route" + i).methods(RequestMethod.POST).build(), handler, post);
				}
			}
		}

	}

	/**
	 * The handler of one route.
	 */
	public static class Handler {

		private final int route;

		Handler(int route) {
			this.route = route;
		}

		@ResponseBody
		public String get() {
			return "route " + this.route;
		}

		@ResponseBody
		public String post() {
			return "posted " + this.route;
		}

	}

}
