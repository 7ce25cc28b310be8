package io.github.tomcatlatency.cache.internal;

import org.apache.catalina.WebResource;
import org.apache.catalina.webresources.Cache;
import org.apache.catalina.webresources.StandardRoot;

/**
 * Tomcat's own {@link Cache}, opened up to {@link PinningResourceRoot}: the root's
 * private cache has no getter, so the root keeps instances of its own whose statistics it
 * can read.
 */
final class ResourceCache extends Cache {

	ResourceCache(StandardRoot root) {
		super(root);
	}

	WebResource lookup(String path, boolean useClassLoaderResources) {
		return getResource(path, useClassLoaderResources);
	}

	void evictExpired() {
		backgroundProcess();
	}

}
