package io.github.tomcatlatency.autoconfigure;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.Assert;
import org.springframework.util.ResourceUtils;
import org.springframework.util.unit.DataSize;
import org.springframework.web.bind.annotation.RequestMethod;
import org.springframework.web.util.pattern.PathPatternParser;
import org.springframework.web.util.pattern.PatternParseException;

/**
 * Configuration properties for tomcat-latency.
 */
@ConfigurationProperties("tomcat-latency")
public class TomcatLatencyProperties {

	/**
	 * Whether tomcat-latency is enabled.
	 */
	private boolean enabled = true;

	private final Metrics metrics = new Metrics();

	private final Report report = new Report();

	private final Advisories advisories = new Advisories();

	private final Warmup warmup = new Warmup();

	private final Cache cache = new Cache();

	public boolean isEnabled() {
		return this.enabled;
	}

	public void setEnabled(boolean enabled) {
		this.enabled = enabled;
	}

	public Metrics getMetrics() {
		return this.metrics;
	}

	public Report getReport() {
		return this.report;
	}

	public Advisories getAdvisories() {
		return this.advisories;
	}

	public Warmup getWarmup() {
		return this.warmup;
	}

	public Cache getCache() {
		return this.cache;
	}

	/**
	 * Phase timer properties.
	 */
	public static class Metrics {

		/**
		 * Whether to time each request's container, filters and mvc phases.
		 */
		private boolean enabled = true;

		/**
		 * Whether requests to actuator endpoints served on the application's port are
		 * left out of the phase timers, so that scrapes and probes do not distort them.
		 */
		private boolean excludeActuator = true;

		public boolean isEnabled() {
			return this.enabled;
		}

		public void setEnabled(boolean enabled) {
			this.enabled = enabled;
		}

		public boolean isExcludeActuator() {
			return this.excludeActuator;
		}

		public void setExcludeActuator(boolean excludeActuator) {
			this.excludeActuator = excludeActuator;
		}

	}

	/**
	 * Properties of the {@code tomcat-latency} actuator endpoint's report.
	 */
	public static class Report {

		/**
		 * How many routes each list of the report shows at most.
		 */
		private int topRoutes = 10;

		/**
		 * How many times its route's median a request must take to count as a cold spike.
		 */
		private double spikeFactor = 5;

		/**
		 * How long a route must have been idle before a request counts as a cold spike.
		 */
		private Duration spikeIdle = Duration.ofSeconds(30);

		/**
		 * Most heap the request statistics take; the routes beyond it are counted, not
		 * stored.
		 */
		private DataSize maxMemory = DataSize.ofMegabytes(2);

		public int getTopRoutes() {
			return this.topRoutes;
		}

		public void setTopRoutes(int topRoutes) {
			Assert.isTrue(topRoutes > 0, "'tomcat-latency.report.top-routes' must be greater than 0");
			this.topRoutes = topRoutes;
		}

		public double getSpikeFactor() {
			return this.spikeFactor;
		}

		public void setSpikeFactor(double spikeFactor) {
			Assert.isTrue(spikeFactor > 1, "'tomcat-latency.report.spike-factor' must be greater than 1");
			this.spikeFactor = spikeFactor;
		}

		public Duration getSpikeIdle() {
			return this.spikeIdle;
		}

		public void setSpikeIdle(Duration spikeIdle) {
			Assert.isTrue(spikeIdle.toMillis() > 0, "'tomcat-latency.report.spike-idle' must be positive");
			this.spikeIdle = spikeIdle;
		}

		public DataSize getMaxMemory() {
			return this.maxMemory;
		}

		public void setMaxMemory(DataSize maxMemory) {
			Assert.isTrue(maxMemory.toBytes() > 0, "'tomcat-latency.report.max-memory' must be positive");
			this.maxMemory = maxMemory;
		}

	}

	/**
	 * Properties of the Tomcat advisory data.
	 */
	public static class Advisories {

		/**
		 * Whether to assess the running Tomcat against the advisory data: the severity
		 * and data-age gauges and the advisory part of the endpoint's report.
		 */
		private boolean enabled = true;

		/**
		 * Location of an advisory data file, 'file:' or 'classpath:', for example
		 * 'file:./tomcat-advisories.txt'. The newest of this file, the
		 * tomcat-latency-advisories artifact and the bundled data is used; a file that
		 * cannot be read is skipped with a warning.
		 */
		private @Nullable String location;

		/**
		 * Location of OSV records (GitHub Advisory Database or osv.dev format) to add to
		 * the advisory data: a JSON file, a folder of them or a zip, for example
		 * 'file:./osv/'. Records the curated data lacks are listed as applies MAYBE. A
		 * missing location or a malformed record fails start-up.
		 */
		private @Nullable String osvLocation;

		/**
		 * Age of the advisory data from which it is reported as stale.
		 */
		private Duration maxAge = Duration.ofDays(60);

		public boolean isEnabled() {
			return this.enabled;
		}

		public void setEnabled(boolean enabled) {
			this.enabled = enabled;
		}

		public @Nullable String getLocation() {
			return this.location;
		}

		public void setLocation(@Nullable String location) {
			Assert.isTrue(
					location == null || location.startsWith(ResourceUtils.FILE_URL_PREFIX)
							|| location.startsWith(ResourceUtils.CLASSPATH_URL_PREFIX),
					"'tomcat-latency.advisories.location' must be a 'file:' or 'classpath:' location");
			this.location = location;
		}

		public @Nullable String getOsvLocation() {
			return this.osvLocation;
		}

		public void setOsvLocation(@Nullable String osvLocation) {
			this.osvLocation = osvLocation;
		}

		public Duration getMaxAge() {
			return this.maxAge;
		}

		public void setMaxAge(Duration maxAge) {
			// The data's age is counted in whole days
			Assert.isTrue(maxAge.toDays() >= 1, "'tomcat-latency.advisories.max-age' must be at least 1 day");
			this.maxAge = maxAge;
		}

	}

	/**
	 * Warm-up properties.
	 */
	public static class Warmup {

		/**
		 * Whether to send warm-up requests through Tomcat before the application reports
		 * itself ready.
		 */
		private boolean enabled = true;

		/**
		 * How long the whole warm-up may hold readiness back.
		 */
		private Duration timeout = Duration.ofSeconds(30);

		/**
		 * How long one warm-up request may take.
		 */
		private Duration requestTimeout = Duration.ofSeconds(5);

		/**
		 * How long the application's traffic must stand still before each request sent
		 * after readiness goes out: longer than the gaps between a client's requests.
		 */
		private Duration trafficPause = Duration.ofSeconds(2);

		/**
		 * Whether a warm-up that did not warm every route before readiness (a request
		 * failed, timed out, was refused or got a client error) or failed unexpectedly
		 * fails start-up instead of logging it.
		 */
		private boolean failOnError = false;

		/**
		 * Whether to send the built-in requests and run the framework tasks, which touch
		 * only the framework: the starter's own routes and tasks before readiness; its
		 * view's repetitions, the error page as JSON and HTML, the actuator health
		 * endpoint when it shares the server port and springdoc's routes after it.
		 */
		private boolean frameworkRequests = true;

		/**
		 * Whether to also call each of the application's GET routes that has a literal
		 * path and needs no parameters, and Spring Data REST's root and paging
		 * collections. Off by default: a GET route may have side effects.
		 */
		private boolean discoverRoutes = false;

		/**
		 * Whether to also call, before readiness, the application's GET routes that the
		 * training run of the JVM's AOT cache or CDS archive recorded next to it. Off by
		 * default: they are the application's routes.
		 */
		private boolean replayTraining = false;

		/**
		 * How many times to call each discovered or replayed route: the first call loads
		 * its classes, the next ones bring its code to the JIT's compile thresholds.
		 */
		private int discoverRepetitions = 3;

		/**
		 * Path patterns of discovered or replayed routes not to call, matched below the
		 * DispatcherServlet's path, for example '/admin/**'.
		 */
		private List<String> exclude = new ArrayList<>();

		/**
		 * Requests to the application's own routes, sent after the built-in ones.
		 */
		private List<Request> requests = new ArrayList<>();

		/**
		 * Whether this run is a training run for the JVM's AOT cache or CDS archive: warm
		 * up with route discovery, each request repeated, then close the application and
		 * exit with status 0, or non-zero if a warm-up request failed.
		 */
		private boolean training = false;

		/**
		 * How many times a training run sends each warm-up request at least, so that the
		 * JVM records profiles of the request path.
		 */
		private int trainingRepetitions = 30;

		public boolean isEnabled() {
			return this.enabled;
		}

		public void setEnabled(boolean enabled) {
			this.enabled = enabled;
		}

		public Duration getTimeout() {
			return this.timeout;
		}

		public void setTimeout(Duration timeout) {
			Assert.isTrue(timeout.toMillis() > 0, "'tomcat-latency.warmup.timeout' must be positive");
			this.timeout = timeout;
		}

		public Duration getRequestTimeout() {
			return this.requestTimeout;
		}

		public void setRequestTimeout(Duration requestTimeout) {
			Assert.isTrue(requestTimeout.toMillis() > 0, "'tomcat-latency.warmup.request-timeout' must be positive");
			this.requestTimeout = requestTimeout;
		}

		public Duration getTrafficPause() {
			return this.trafficPause;
		}

		public void setTrafficPause(Duration trafficPause) {
			Assert.isTrue(trafficPause.toMillis() > 0, "'tomcat-latency.warmup.traffic-pause' must be positive");
			this.trafficPause = trafficPause;
		}

		public boolean isFailOnError() {
			return this.failOnError;
		}

		public void setFailOnError(boolean failOnError) {
			this.failOnError = failOnError;
		}

		public boolean isFrameworkRequests() {
			return this.frameworkRequests;
		}

		public void setFrameworkRequests(boolean frameworkRequests) {
			this.frameworkRequests = frameworkRequests;
		}

		public boolean isDiscoverRoutes() {
			return this.discoverRoutes;
		}

		public void setDiscoverRoutes(boolean discoverRoutes) {
			this.discoverRoutes = discoverRoutes;
		}

		public boolean isReplayTraining() {
			return this.replayTraining;
		}

		public void setReplayTraining(boolean replayTraining) {
			this.replayTraining = replayTraining;
		}

		public int getDiscoverRepetitions() {
			return this.discoverRepetitions;
		}

		public void setDiscoverRepetitions(int discoverRepetitions) {
			Assert.isTrue(discoverRepetitions > 0, "'tomcat-latency.warmup.discover-repetitions' must be at least 1");
			this.discoverRepetitions = discoverRepetitions;
		}

		public List<String> getExclude() {
			return this.exclude;
		}

		public void setExclude(List<String> exclude) {
			for (String pattern : exclude) {
				try {
					PathPatternParser.defaultInstance.parse(pattern);
				}
				catch (PatternParseException ex) {
					throw new IllegalArgumentException(
							"'tomcat-latency.warmup.exclude' has an invalid pattern '" + pattern + "'", ex);
				}
			}
			this.exclude = exclude;
		}

		public List<Request> getRequests() {
			return this.requests;
		}

		public void setRequests(List<Request> requests) {
			this.requests = requests;
		}

		public boolean isTraining() {
			return this.training;
		}

		public void setTraining(boolean training) {
			this.training = training;
		}

		public int getTrainingRepetitions() {
			return this.trainingRepetitions;
		}

		public void setTrainingRepetitions(int trainingRepetitions) {
			Assert.isTrue(trainingRepetitions > 0, "'tomcat-latency.warmup.training-repetitions' must be at least 1");
			this.trainingRepetitions = trainingRepetitions;
		}

		/**
		 * One warm-up request.
		 */
		public static class Request {

			/**
			 * HTTP method.
			 */
			private RequestMethod method = RequestMethod.GET;

			/**
			 * Path below the servlet context path, starting with '/', query string
			 * allowed.
			 */
			private String path = "/";

			/**
			 * Extra request headers.
			 */
			private Map<String, String> headers = new LinkedHashMap<>();

			/**
			 * Request body, sent as is.
			 */
			private @Nullable String body;

			/**
			 * How many times to send the request.
			 */
			private int repetitions = 1;

			public RequestMethod getMethod() {
				return this.method;
			}

			public void setMethod(RequestMethod method) {
				this.method = method;
			}

			public String getPath() {
				return this.path;
			}

			public void setPath(String path) {
				Assert.isTrue(path.startsWith("/"), "'tomcat-latency.warmup.requests[].path' must start with '/'");
				this.path = path;
			}

			public Map<String, String> getHeaders() {
				return this.headers;
			}

			public void setHeaders(Map<String, String> headers) {
				this.headers = headers;
			}

			public @Nullable String getBody() {
				return this.body;
			}

			public void setBody(@Nullable String body) {
				this.body = body;
			}

			public int getRepetitions() {
				return this.repetitions;
			}

			public void setRepetitions(int repetitions) {
				Assert.isTrue(repetitions > 0, "'tomcat-latency.warmup.requests[].repetitions' must be at least 1");
				this.repetitions = repetitions;
			}

		}

	}

	/**
	 * Properties of Tomcat's static-resource cache. Its caching, time-to-live and maximum
	 * size are Spring Boot's 'server.tomcat.resource.*'.
	 */
	public static class Cache {

		/**
		 * Whether to manage Tomcat's resource cache: pinning, remembered missing paths,
		 * prewarm and meters.
		 */
		private boolean enabled = true;

		/**
		 * Largest resource whose content the cache keeps; at most a twentieth of
		 * 'server.tomcat.resource.cache-max-size'.
		 */
		private @Nullable DataSize objectMaxSize;

		/**
		 * Whether to look up every servlet-context resource (META-INF/resources of jars)
		 * at start-up instead of when first requested.
		 */
		private boolean prewarm = false;

		/**
		 * Whether a resource from a jar, which cannot change while the application runs,
		 * stays cached for good once first looked up instead of expiring with the TTL.
		 */
		private boolean pin = true;

		/**
		 * Most memory the pinned resources may take; resources beyond it keep the TTL.
		 */
		private DataSize pinMaxSize = DataSize.ofMegabytes(10);

		public boolean isEnabled() {
			return this.enabled;
		}

		public void setEnabled(boolean enabled) {
			this.enabled = enabled;
		}

		public @Nullable DataSize getObjectMaxSize() {
			return this.objectMaxSize;
		}

		public void setObjectMaxSize(@Nullable DataSize objectMaxSize) {
			Assert.isTrue(objectMaxSize == null || objectMaxSize.toBytes() > 0,
					"'tomcat-latency.cache.object-max-size' must be positive");
			this.objectMaxSize = objectMaxSize;
		}

		public boolean isPrewarm() {
			return this.prewarm;
		}

		public void setPrewarm(boolean prewarm) {
			this.prewarm = prewarm;
		}

		public boolean isPin() {
			return this.pin;
		}

		public void setPin(boolean pin) {
			this.pin = pin;
		}

		public DataSize getPinMaxSize() {
			return this.pinMaxSize;
		}

		public void setPinMaxSize(DataSize pinMaxSize) {
			Assert.isTrue(pinMaxSize.toBytes() > 0, "'tomcat-latency.cache.pin-max-size' must be positive");
			this.pinMaxSize = pinMaxSize;
		}

	}

}
