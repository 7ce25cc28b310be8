package io.github.tomcatlatency.phase.internal;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;

import io.github.tomcatlatency.internal.Failures;
import org.apache.catalina.Context;
import org.apache.catalina.Lifecycle;
import org.apache.catalina.WebResourceRoot;
import org.apache.catalina.WebResourceSet;
import org.apache.catalina.webresources.StandardRoot;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * Puts a {@link TimedResourceSet} around each resource set of a context's running
 * {@link StandardRoot}, keeping the root Tomcat or Spring Boot chose and its behaviour.
 * Tomcat exposes the root's sets only as copies, so the root's own list of them is
 * reached by reflection, contained. The main set, the document base, is left as it is:
 * the root compares it by identity. A root that is not a {@link StandardRoot}, or a
 * Tomcat whose root keeps its sets otherwise, is left as it is, with one INFO line, and
 * its lookups are not counted.
 */
public final class ResourceSetTiming {

	private static final Log logger = LogFactory.getLog(ResourceSetTiming.class);

	private static volatile boolean timing;

	private ResourceSetTiming() {
	}

	/**
	 * Return whether the resource sets of a root are timed, so that a request's count of
	 * lookups is one.
	 * @return whether a root's sets were timed
	 */
	static boolean timing() {
		return timing;
	}

	/**
	 * Time the resource sets of the context each time it has started, when its root has
	 * created them all.
	 * @param context the context
	 */
	public static void timeAfterStart(Context context) {
		context.addLifecycleListener((event) -> {
			if (Lifecycle.AFTER_START_EVENT.equals(event.getType())) {
				time(context.getResources());
			}
		});
	}

	/**
	 * Put a timed set around each set of a started root that has none yet.
	 * @param root the root
	 * @return the timed sets, or an empty list when the root's sets cannot be reached
	 */
	static List<TimedResourceSet> time(WebResourceRoot root) {
		if (!(root instanceof StandardRoot)) {
			logger.info("Tomcat's resource root is " + ((root != null) ? root.getClass().getName() : "absent")
					+ ", not a StandardRoot: tomcat-latency does not count its resource lookups");
			return List.of();
		}
		try {
			Field field = StandardRoot.class.getDeclaredField("allResources");
			field.setAccessible(true);
			Field mainField = StandardRoot.class.getDeclaredField("main");
			mainField.setAccessible(true);
			Object main = mainField.get(root);
			List<TimedResourceSet> timed = new ArrayList<>();
			for (Object sets : (List<?>) field.get(root)) {
				@SuppressWarnings("unchecked")
				List<WebResourceSet> list = (List<WebResourceSet>) sets;
				for (int i = 0; i < list.size(); i++) {
					WebResourceSet set = list.get(i);
					if (set == main) {
						// The root tells the main set, the document base, by identity: it
						// stays as it is, and its lookups are not counted.
						continue;
					}
					TimedResourceSet timedSet = (set instanceof TimedResourceSet already) ? already
							: new TimedResourceSet(set);
					list.set(i, timedSet);
					timed.add(timedSet);
				}
			}
			timing = true;
			return timed;
		}
		catch (ReflectiveOperationException | RuntimeException ex) {
			logger.info("Tomcat's resource root keeps its resource sets in a way tomcat-latency does not know ("
					+ Failures.describe(ex) + "): its resource lookups are not counted");
			return List.of();
		}
	}

}
