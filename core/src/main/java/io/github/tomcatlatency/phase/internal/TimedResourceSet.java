package io.github.tomcatlatency.phase.internal;

import java.io.InputStream;
import java.lang.reflect.Field;
import java.net.URL;
import java.util.Set;

import org.apache.catalina.LifecycleException;
import org.apache.catalina.LifecycleListener;
import org.apache.catalina.LifecycleState;
import org.apache.catalina.WebResource;
import org.apache.catalina.WebResourceRoot;
import org.apache.catalina.WebResourceSet;
import org.apache.catalina.webresources.JarWarResourceSet;
import org.jspecify.annotations.Nullable;

/**
 * A {@link WebResourceSet} that times the lookups Tomcat's resource root makes in the set
 * it delegates to, and hands each to the request it ran for. Tomcat's root asks its sets
 * one after another on a cache miss (the mapper's welcome files and directory redirect,
 * the default servlet, {@code ServletContext.getResource}): each set asked counts a
 * lookup, whether it answered or was only walked. Everything else is the delegate's, its
 * lifecycle included, so the root starts, stops and {@link #gc() collects} it as before.
 */
public final class TimedResourceSet implements WebResourceSet {

	private final WebResourceSet set;

	private final String name;

	TimedResourceSet(WebResourceSet set) {
		this.set = set;
		this.name = nameOf(set);
	}

	/**
	 * Return the set a timed set delegates to, for checks of what kind of set it is.
	 * @param set a set, timed or not
	 * @return the set Tomcat created
	 */
	public static WebResourceSet unwrap(WebResourceSet set) {
		return (set instanceof TimedResourceSet timed) ? timed.set : set;
	}

	/**
	 * Return the set's name for users: the file name of its jar or directory.
	 * @return the name
	 */
	public String name() {
		return this.name;
	}

	@Override
	public WebResource getResource(String path) {
		long start = System.nanoTime();
		try {
			return this.set.getResource(path);
		}
		finally {
			lookedUp(start);
		}
	}

	@Override
	public String[] list(String path) {
		long start = System.nanoTime();
		try {
			return this.set.list(path);
		}
		finally {
			lookedUp(start);
		}
	}

	@Override
	public Set<String> listWebAppPaths(String path) {
		long start = System.nanoTime();
		try {
			return this.set.listWebAppPaths(path);
		}
		finally {
			lookedUp(start);
		}
	}

	private void lookedUp(long start) {
		long elapsed = System.nanoTime() - start;
		PhaseClock.currentSlot().lookedUp(this, start, elapsed);
	}

	private static String nameOf(WebResourceSet set) {
		String nested = nestedJarOf(set);
		if (nested != null) {
			return nested;
		}
		URL url = set.getBaseUrl();
		if (url == null) {
			return set.getClass().getSimpleName();
		}
		String base = url.toString();
		int end = base.length();
		while (end > 0 && (base.charAt(end - 1) == '/' || base.charAt(end - 1) == '!')) {
			end--;
		}
		return base.substring(base.lastIndexOf('/', end - 1) + 1, end);
	}

	/**
	 * Return the file name of the jar a {@link JarWarResourceSet} reads inside its WAR:
	 * the set's base is the WAR, whose name would say nothing of the jar whose entries
	 * are read again (the incident's {@code swagger-ui} jar in a WAR's
	 * {@code WEB-INF/lib}). Tomcat keeps the jar's path in a private field only.
	 * @param set the set
	 * @return the jar's file name, or {@code null} for another kind of set or when the
	 * path cannot be read
	 */
	private static @Nullable String nestedJarOf(WebResourceSet set) {
		if (!(set instanceof JarWarResourceSet)) {
			return null;
		}
		try {
			Field field = JarWarResourceSet.class.getDeclaredField("archivePath");
			field.setAccessible(true);
			Object archivePath = field.get(set);
			if (archivePath instanceof String path && !path.isEmpty()) {
				return path.substring(path.lastIndexOf('/') + 1);
			}
		}
		catch (ReflectiveOperationException | RuntimeException ex) {
			// Named after its WAR, as any other set after its base.
		}
		return null;
	}

	@Override
	public boolean mkdir(String path) {
		return this.set.mkdir(path);
	}

	@Override
	public boolean write(String path, InputStream is, boolean overwrite) {
		return this.set.write(path, is, overwrite);
	}

	@Override
	public void setRoot(WebResourceRoot root) {
		this.set.setRoot(root);
	}

	@Override
	public boolean getClassLoaderOnly() {
		return this.set.getClassLoaderOnly();
	}

	@Override
	public void setClassLoaderOnly(boolean classLoaderOnly) {
		this.set.setClassLoaderOnly(classLoaderOnly);
	}

	@Override
	public boolean getStaticOnly() {
		return this.set.getStaticOnly();
	}

	@Override
	public void setStaticOnly(boolean staticOnly) {
		this.set.setStaticOnly(staticOnly);
	}

	@Override
	public URL getBaseUrl() {
		return this.set.getBaseUrl();
	}

	@Override
	public void setReadOnly(boolean readOnly) {
		this.set.setReadOnly(readOnly);
	}

	@Override
	public boolean isReadOnly() {
		return this.set.isReadOnly();
	}

	@Override
	public void gc() {
		this.set.gc();
	}

	@Override
	public void setAllowLinking(boolean allowLinking) {
		this.set.setAllowLinking(allowLinking);
	}

	@Override
	public boolean getAllowLinking() {
		return this.set.getAllowLinking();
	}

	@Override
	public void addLifecycleListener(LifecycleListener listener) {
		this.set.addLifecycleListener(listener);
	}

	@Override
	public LifecycleListener[] findLifecycleListeners() {
		return this.set.findLifecycleListeners();
	}

	@Override
	public void removeLifecycleListener(LifecycleListener listener) {
		this.set.removeLifecycleListener(listener);
	}

	@Override
	public void init() throws LifecycleException {
		this.set.init();
	}

	@Override
	public void start() throws LifecycleException {
		this.set.start();
	}

	@Override
	public void stop() throws LifecycleException {
		this.set.stop();
	}

	@Override
	public void destroy() throws LifecycleException {
		this.set.destroy();
	}

	@Override
	public LifecycleState getState() {
		return this.set.getState();
	}

	@Override
	public String getStateName() {
		return this.set.getStateName();
	}

	@Override
	public String toString() {
		return this.set.toString();
	}

}
