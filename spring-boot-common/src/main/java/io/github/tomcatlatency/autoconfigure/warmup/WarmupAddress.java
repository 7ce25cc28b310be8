package io.github.tomcatlatency.autoconfigure.warmup;

import io.github.tomcatlatency.warmup.internal.client.LoopbackServer;
import org.apache.catalina.startup.Tomcat;
import org.jspecify.annotations.Nullable;

/**
 * Where the warm-up's requests come from, as the server sees them: the address of this
 * host they are sent to, and the port.
 *
 * @param host the client's address the server sees, without brackets
 * @param port the port the requests are sent to
 */
record WarmupAddress(String host, int port) {

	/**
	 * Return where a running server's warm-up requests come from.
	 * @param running the server, or {@code null} before it runs
	 * @return the address, or {@code null} when no connector is one the warm-up can reach
	 */
	static @Nullable WarmupAddress of(@Nullable Tomcat running) {
		LoopbackServer server = (running != null) ? LoopbackServer.of(running, "") : null;
		if (server == null) {
			return null;
		}
		String host = server.uri().getHost();
		return new WarmupAddress(host.startsWith("[") ? host.substring(1, host.length() - 1) : host,
				server.uri().getPort());
	}

}
