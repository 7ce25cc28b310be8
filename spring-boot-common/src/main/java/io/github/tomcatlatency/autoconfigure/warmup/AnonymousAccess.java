package io.github.tomcatlatency.autoconfigure.warmup;

/**
 * Whether the application lets a request without credentials through to a route: the
 * warm-up sends a library's route (health, the API description) only then, so that the
 * application's security never refuses, and logs, a request of the warm-up.
 */
@FunctionalInterface
interface AnonymousAccess {

	/**
	 * Every route is let through: no security, or none that can be asked.
	 */
	AnonymousAccess PERMITTED = (method, path) -> true;

	/**
	 * Return whether a request without credentials may reach a route.
	 * @param method the request method
	 * @param path the path below the context path
	 * @return {@code false} when the application's security would refuse it
	 */
	boolean permits(String method, String path);

}
