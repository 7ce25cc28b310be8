package io.github.tomcatlatency.autoconfigure.warmup;

import org.jspecify.annotations.Nullable;

/**
 * Whether the application lets a route through to the warm-up's requests, which come from
 * this host, where it would refuse a request from another host: a rule on the client's
 * address, in Tomcat or in the application's security, asked for another host's address
 * as its own check decides. Discovery and the replay of a training's routes send none of
 * those routes, as their users could not reach them.
 */
@FunctionalInterface
interface AddressRestriction {

	/**
	 * Return why a route may not be sent from this host.
	 * @param method the request method
	 * @param path the path below the context path
	 * @return the reason, or {@code null} when another host's request would be treated as
	 * the warm-up's
	 */
	@Nullable String restriction(String method, String path);

}
