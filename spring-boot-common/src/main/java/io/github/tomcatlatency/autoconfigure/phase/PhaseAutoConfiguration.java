package io.github.tomcatlatency.autoconfigure.phase;

import java.util.List;

import io.github.tomcatlatency.autoconfigure.ConditionalOnTomcatLatency;
import io.github.tomcatlatency.autoconfigure.internal.EmbeddedTomcatSetup;
import io.github.tomcatlatency.autoconfigure.internal.FirstReadiness;
import io.github.tomcatlatency.autoconfigure.internal.ReadyStep;
import io.github.tomcatlatency.autoconfigure.internal.ReadyStep.Part;
import io.github.tomcatlatency.phase.PhaseRecorder;
import io.github.tomcatlatency.phase.Routes;
import io.github.tomcatlatency.phase.internal.ColdRequestProbe;
import io.github.tomcatlatency.phase.internal.CompositePhaseRecorder;
import io.github.tomcatlatency.phase.internal.PhaseValve;
import io.github.tomcatlatency.phase.internal.PhaseWrapper;
import io.github.tomcatlatency.phase.internal.RequestClassifier;
import io.github.tomcatlatency.phase.internal.RequestExclusion;
import io.github.tomcatlatency.phase.internal.ResourceSetTiming;
import io.github.tomcatlatency.phase.internal.ValveTiming;
import org.apache.catalina.Context;
import org.apache.catalina.Valve;
import org.apache.catalina.core.StandardWrapper;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.actuate.endpoint.web.PathMappedEndpoints;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;

/**
 * {@link org.springframework.boot.autoconfigure.EnableAutoConfiguration
 * Auto-configuration} that splits each request's time between Tomcat, the servlet filters
 * and Spring MVC and hands the split to the {@link PhaseRecorder} beans: the phase timers
 * and the statistics of the {@code tomcat-latency} endpoint. Backs off when neither is
 * active.
 */
@AutoConfiguration(after = PhaseMetricsAutoConfiguration.class,
		afterName = { "io.github.tomcatlatency.autoconfigure.adapter.RoutesAutoConfiguration",
				"io.github.tomcatlatency.autoconfigure.report.TomcatLatencyEndpointAutoConfiguration" })
@ConditionalOnTomcatLatency
@ConditionalOnBean({ PhaseRecorder.class, Routes.class })
@Import(FirstReadiness.class)
public final class PhaseAutoConfiguration {

	private static final Log logger = LogFactory.getLog(PhaseAutoConfiguration.class);

	@Bean
	RequestClassifier tomcatLatencyRequestClassifier(ObjectProvider<ActuatorRoutes> actuatorRoutes,
			ObjectProvider<RequestExclusion> exclusion) {
		ActuatorRoutes dropped = actuatorRoutes.getIfAvailable();
		return new RequestClassifier((dropped != null) ? dropped : List::of,
				exclusion.getIfUnique(() -> RequestExclusion.NONE));
	}

	@Bean
	@Order(ReadyStep.COUNTING)
	ReadyStep tomcatLatencyRequestCounting(RequestClassifier classifier) {
		return ReadyStep.of(new Part("the request classifier's readiness", "tomcat-latency.enabled"),
				(context) -> classifier.ready());
	}

	@Bean
	@Order(Ordered.HIGHEST_PRECEDENCE)
	EmbeddedTomcatSetup tomcatLatencyPhaseSetup(Routes routes, ObjectProvider<PhaseRecorder> recorders,
			RequestClassifier classifier, ObjectProvider<ColdRequestProbe> probe) {
		// First, so that the phase valve is the engine's first and times every other
		// valve.
		return new EmbeddedTomcatSetup() {

			@Override
			public List<Valve> engineValves() {
				return List.of(new PhaseValve(routes, CompositePhaseRecorder.of(recorders.orderedStream().toList()),
						classifier, probe.getIfUnique()));
			}

			@Override
			public void customize(Context context) {
				usePhaseWrappers(context);
				ResourceSetTiming.timeAfterStart(context);
				ValveTiming.timeAfterStart(context);
			}

		};
	}

	private static void usePhaseWrappers(Context context) {
		// The application's servlets are registered when the context starts, after the
		// customizers ran: they all get a PhaseWrapper. Boot's own default and JSP
		// servlets, created before, do not, and count as container time.
		if (StandardWrapper.class.getName().equals(context.getWrapperClass())) {
			context.setWrapperClass(PhaseWrapper.class.getName());
		}
		else {
			logger.warn("The Tomcat context creates its own servlet wrappers (" + context.getWrapperClass()
					+ "): tomcat-latency counts the time in filters and servlets as container time");
		}
	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(PathMappedEndpoints.class)
	@ConditionalOnBooleanProperty(name = "tomcat-latency.metrics.exclude-actuator", matchIfMissing = true)
	static class ActuatorRoutesConfiguration {

		@Bean
		ActuatorRoutes tomcatLatencyActuatorRoutes(ObjectProvider<PathMappedEndpoints> pathMappedEndpoints) {
			return new ActuatorRoutes(pathMappedEndpoints);
		}

	}

}
