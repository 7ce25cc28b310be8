package io.github.tomcatlatency.autoconfigure.report;

import java.util.List;
import java.util.function.Supplier;

import com.fasterxml.jackson.annotation.JsonValue;
import io.github.tomcatlatency.cache.ResourceCacheReport;
import io.github.tomcatlatency.jvmcache.JvmCache;
import io.github.tomcatlatency.report.TomcatAdvisories;
import io.github.tomcatlatency.report.TomcatLatencyReport;
import io.github.tomcatlatency.report.TomcatLatencyReporter;
import io.github.tomcatlatency.statistics.RequestStatistics;
import io.github.tomcatlatency.warmup.WarmupResult;
import org.apache.catalina.startup.Tomcat;
import org.jspecify.annotations.Nullable;

import org.springframework.boot.actuate.endpoint.OperationResponseBody;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.boot.actuate.endpoint.annotation.WriteOperation;
import org.springframework.core.env.Environment;

/**
 * {@link Endpoint @Endpoint} that reports where Tomcat adds latency: cold-request
 * penalties, the phase split, the resource cache, the warm-up, the JVM's cache of the
 * application's classes and the running Tomcat's version and configuration risks. Served
 * at {@code /actuator/tomcat-latency}; the fields are described in
 * {@code docs/endpoint.md}. A façade of the {@link TomcatLatencyReporter}.
 */
@Endpoint(id = TomcatLatencyEndpoint.ID)
public class TomcatLatencyEndpoint {

	/**
	 * The endpoint's id; one word, as Boot's own multi-word ids are.
	 */
	public static final String ID = "tomcatlatency";

	/**
	 * The path the endpoint is mapped to, below the actuator base path.
	 */
	public static final String PATH = "tomcat-latency";

	private final TomcatLatencyReporter reporter;

	/**
	 * Create the endpoint.
	 * @param statistics the request statistics
	 * @param advisories the advisories of the running Tomcat, or {@code null} when they
	 * are off
	 * @param tomcat the running Tomcat, once started
	 * @param environment the application's environment
	 * @param warmup the warm-up result, if warm-up is on
	 * @param cache the resource cache report, if tomcat-latency manages the cache
	 * @param jvmCache the JVM's cache of the application's classes, if it can be told,
	 * for example {@code new JvmCacheInspector()::inspect}
	 * @param topRoutes how many routes each list of the report shows at most
	 * @param applicationPackages the application's own packages, whose classes a first
	 * request loaded are told apart from the libraries'
	 */
	public TomcatLatencyEndpoint(RequestStatistics statistics, @Nullable TomcatAdvisories advisories,
			Supplier<@Nullable Tomcat> tomcat, Environment environment, Supplier<@Nullable WarmupResult> warmup,
			Supplier<@Nullable ResourceCacheReport> cache, Supplier<@Nullable JvmCache> jvmCache, int topRoutes,
			List<String> applicationPackages) {
		this.reporter = new TomcatLatencyReporter(statistics, advisories, tomcat, environment, warmup, cache, jvmCache,
				topRoutes, applicationPackages);
	}

	/**
	 * Return the report as the endpoint's read operation answers it.
	 * @return the report
	 */
	@ReadOperation
	public ReportBody read() {
		return new ReportBody(report());
	}

	/**
	 * Return the report.
	 * @return the report
	 */
	public TomcatLatencyReport report() {
		return this.reporter.report();
	}

	/**
	 * Forget the request statistics; the next request counts as the first again.
	 */
	@WriteOperation
	public void reset() {
		this.reporter.reset();
	}

	/**
	 * The report as the endpoint answers it. An {@link OperationResponseBody}, so the
	 * actuator serialises it with its own JSON mapper: the field names stay as documented
	 * in {@code docs/endpoint.md} whatever the application's Jackson settings.
	 *
	 * @param report the report
	 */
	public record ReportBody(@JsonValue TomcatLatencyReport report) implements OperationResponseBody {

	}

}
