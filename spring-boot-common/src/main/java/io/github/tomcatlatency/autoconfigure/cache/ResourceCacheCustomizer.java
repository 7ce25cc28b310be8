package io.github.tomcatlatency.autoconfigure.cache;

import io.github.tomcatlatency.autoconfigure.TomcatLatencyProperties;
import io.github.tomcatlatency.autoconfigure.internal.EmbeddedTomcatSetup;
import io.github.tomcatlatency.cache.TomcatResourceCache;
import io.github.tomcatlatency.cache.internal.PinningResourceRoot;
import org.apache.catalina.Context;
import org.apache.catalina.Lifecycle;
import org.apache.catalina.WebResourceRoot;
import org.apache.catalina.webresources.StandardRoot;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.util.unit.DataSize;

/**
 * Installs a {@link PinningResourceRoot} in the application's Tomcat context and applies
 * the {@code tomcat-latency.cache.*} settings; Spring Boot applies
 * {@code server.tomcat.resource.*} (caching, TTL, maximum size). Applied after Spring
 * Boot's own customizer, whose context listener sets the maximum size on
 * {@link Lifecycle#CONFIGURE_START_EVENT}: this one's listener runs later on the same
 * event, so the object maximum size is checked against the maximum size in force.
 */
final class ResourceCacheCustomizer implements EmbeddedTomcatSetup {

	private static final Log logger = LogFactory.getLog(ResourceCacheCustomizer.class);

	private final TomcatLatencyProperties.Cache properties;

	private final TomcatResourceCache resourceCache;

	ResourceCacheCustomizer(TomcatLatencyProperties.Cache properties, TomcatResourceCache resourceCache) {
		this.properties = properties;
		this.resourceCache = resourceCache;
	}

	@Override
	public void customize(Context context) {
		installPinningRoot(context);
		this.resourceCache.register(context.getResources());
		context.addLifecycleListener((event) -> {
			if (event.getType().equals(Lifecycle.CONFIGURE_START_EVENT)) {
				applySettings(context.getResources());
			}
			else if (event.getType().equals(Lifecycle.AFTER_START_EVENT)
					&& context.getResources() instanceof PinningResourceRoot root && this.properties.isPrewarm()) {
				prewarm(root);
			}
		});
	}

	private void prewarm(PinningResourceRoot root) {
		try {
			root.prewarm();
		}
		catch (RuntimeException ex) {
			// A faster first request is not worth a failed start.
			logger.warn("Prewarming Tomcat's resource cache failed; the cache fills on demand instead: " + ex);
		}
	}

	private void installPinningRoot(Context context) {
		WebResourceRoot resources = context.getResources();
		// Spring Boot picks another root, which hides its loader classes, when the
		// application has a document root directory: keep that one.
		if (resources != null && resources.getClass() != StandardRoot.class) {
			logger.info("Tomcat's resource root is " + resources.getClass().getName()
					+ " (the application has a document root directory): cache settings apply, "
					+ "but resources are neither pinned nor counted");
			return;
		}
		PinningResourceRoot root = new PinningResourceRoot(context);
		// As Spring Boot does for its own root.
		root.setReadOnly(true);
		root.setPinning(this.properties.isPin(), this.properties.getPinMaxSize().toBytes());
		context.setResources(root);
	}

	private void applySettings(WebResourceRoot resources) {
		DataSize objectMaxSize = this.properties.getObjectMaxSize();
		if (objectMaxSize != null) {
			resources.setCacheObjectMaxSize((int) Math.min(Integer.MAX_VALUE, objectMaxSize.toKilobytes()));
		}
	}

}
