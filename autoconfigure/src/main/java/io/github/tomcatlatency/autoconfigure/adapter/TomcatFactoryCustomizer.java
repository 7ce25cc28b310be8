package io.github.tomcatlatency.autoconfigure.adapter;

import io.github.tomcatlatency.autoconfigure.internal.EmbeddedTomcatSetup;
import org.apache.catalina.Valve;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.core.Ordered;

/**
 * Applies every {@link EmbeddedTomcatSetup} to Spring Boot 4's Tomcat factory. Ordered
 * after Boot's own customizer, so that what tomcat-latency sets is checked against the
 * settings in force.
 */
final class TomcatFactoryCustomizer implements WebServerFactoryCustomizer<TomcatServletWebServerFactory>, Ordered {

	private final ObjectProvider<EmbeddedTomcatSetup> setups;

	TomcatFactoryCustomizer(ObjectProvider<EmbeddedTomcatSetup> setups) {
		this.setups = setups;
	}

	@Override
	public int getOrder() {
		// Spring Boot's TomcatWebServerFactoryCustomizer has order 0.
		return 1;
	}

	@Override
	public void customize(TomcatServletWebServerFactory factory) {
		this.setups.orderedStream().forEach((setup) -> {
			factory.addEngineValves(setup.engineValves().toArray(Valve[]::new));
			factory.addContextCustomizers(setup::customize);
		});
	}

}
