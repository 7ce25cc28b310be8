package io.github.tomcatlatency.cache.internal;

import org.apache.catalina.LifecycleState;
import org.apache.catalina.WebResource;
import org.apache.catalina.WebResourceRoot;
import org.apache.catalina.webresources.EmptyResource;
import org.apache.catalina.webresources.StandardRoot;

/**
 * The path validation of {@link StandardRoot}, run by Tomcat's own code: a root with no
 * resources, never started, whose only job is to validate and normalize the paths a
 * {@link PinningResourceRoot} serves from its own caches. {@link StandardRoot} keeps that
 * check private and runs it only on its way to its own cache; this root runs the public
 * {@link #getResources(String)}, which validates the path before anything else and then
 * hands the normalized path to {@link #getResourcesInternal(String, boolean)}, overridden
 * here to return it. A fix Tomcat makes to its check therefore reaches the pinning root
 * with the Tomcat upgrade.
 */
final class StandardPathValidation extends StandardRoot {

	private final WebResourceRoot root;

	/**
	 * Create a validation for the given root.
	 * @param root the root whose lifecycle state the validation checks, as Tomcat's does
	 */
	StandardPathValidation(WebResourceRoot root) {
		this.root = root;
	}

	/**
	 * Validate a path as {@link StandardRoot#getResource(String)} does.
	 * @param path the requested path
	 * @return the normalized path
	 * @throws IllegalArgumentException if Tomcat rejects the path
	 * @throws IllegalStateException if the root is not started
	 */
	String validate(String path) {
		return getResources(path)[0].getWebappPath();
	}

	@Override
	public LifecycleState getState() {
		return this.root.getState();
	}

	@Override
	public boolean isCachingAllowed() {
		// Straight to getResourcesInternal: this root has no cache to look in.
		return false;
	}

	@Override
	protected WebResource[] getResourcesInternal(String path, boolean useClassLoaderResources) {
		return new WebResource[] { new EmptyResource(this, path) };
	}

}
