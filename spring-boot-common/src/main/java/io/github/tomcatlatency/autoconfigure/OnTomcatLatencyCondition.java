package io.github.tomcatlatency.autoconfigure;

import org.springframework.boot.autoconfigure.condition.AllNestedConditions;
import org.springframework.boot.autoconfigure.condition.AnyNestedCondition;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication.Type;
import org.springframework.context.annotation.Conditional;

/**
 * The conditions of {@link ConditionalOnTomcatLatency @ConditionalOnTomcatLatency}, all
 * of which must match. Nested rather than meta-annotations, so that an
 * auto-configuration's own {@code @ConditionalOnBean} does not hide the one on the web
 * server factory.
 */
class OnTomcatLatencyCondition extends AllNestedConditions {

	OnTomcatLatencyCondition() {
		super(ConfigurationPhase.REGISTER_BEAN);
	}

	@ConditionalOnBooleanProperty(name = "tomcat-latency.enabled", matchIfMissing = true)
	static class Enabled {

	}

	@ConditionalOnWebApplication(type = Type.SERVLET)
	static class ServletWebApplication {

	}

	@ConditionalOnClass(
			name = { "org.apache.catalina.startup.Tomcat", "org.springframework.web.servlet.DispatcherServlet" })
	static class TomcatAndSpringMvc {

	}

	@Conditional(TomcatWebServerFactory.class)
	static class TomcatWebServer {

	}

	/**
	 * Boot's Tomcat factory, whose class each Boot line keeps in its own package.
	 */
	static class TomcatWebServerFactory extends AnyNestedCondition {

		TomcatWebServerFactory() {
			super(ConfigurationPhase.REGISTER_BEAN);
		}

		@ConditionalOnBean(type = "org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory")
		static class SpringBoot4 {

		}

		@ConditionalOnBean(type = "org.springframework.boot.web.embedded.tomcat.TomcatServletWebServerFactory")
		static class SpringBoot3 {

		}

	}

}
