package io.github.tomcatlatency.autoconfigure;

import org.springframework.boot.autoconfigure.condition.AllNestedConditions;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication.Type;

/**
 * The conditions of {@link ConditionalOnTomcatLatency @ConditionalOnTomcatLatency}, all
 * of which must match. Nested rather than meta-annotations, so that an
 * auto-configuration's own {@code @ConditionalOnBean} does not hide the one on the web
 * server factory.
 */
class OnTomcatLatencyCondition extends AllNestedConditions {

	private static final String TOMCAT_SERVLET_WEB_SERVER_FACTORY = "org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory";

	OnTomcatLatencyCondition() {
		super(ConfigurationPhase.REGISTER_BEAN);
	}

	@ConditionalOnBooleanProperty(name = "tomcat-latency.enabled", matchIfMissing = true)
	static class Enabled {

	}

	@ConditionalOnWebApplication(type = Type.SERVLET)
	static class ServletWebApplication {

	}

	@ConditionalOnClass(name = { "org.apache.catalina.startup.Tomcat", TOMCAT_SERVLET_WEB_SERVER_FACTORY,
			"org.springframework.web.servlet.DispatcherServlet" })
	static class TomcatAndSpringMvc {

	}

	@ConditionalOnBean(type = TOMCAT_SERVLET_WEB_SERVER_FACTORY)
	static class TomcatWebServer {

	}

}
