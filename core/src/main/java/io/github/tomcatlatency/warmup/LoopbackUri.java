package io.github.tomcatlatency.warmup;

import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;

import org.apache.catalina.connector.Connector;
import org.apache.catalina.startup.Tomcat;
import org.apache.coyote.AbstractProtocol;
import org.jspecify.annotations.Nullable;

/**
 * Finds where a warm-up can reach the application's own Tomcat: the first plain-HTTP
 * connector that listens, at the address it is bound to, or at the loopback address when
 * it is bound to every address.
 */
public final class LoopbackUri {

	private LoopbackUri() {
	}

	/**
	 * Return the URI of the servlet context of the given server.
	 * @param tomcat the running server
	 * @param contextPath the servlet context path, empty for the root context
	 * @return the URI, without a trailing slash, or {@code null} if the server only
	 * listens with TLS
	 */
	public static @Nullable URI of(Tomcat tomcat, String contextPath) {
		for (Connector connector : tomcat.getService().findConnectors()) {
			int port = connector.getLocalPort();
			if (port > 0 && !connector.getSecure() && !"https".equals(connector.getScheme())) {
				return uri(address(connector), port, contextPath);
			}
		}
		return null;
	}

	private static InetAddress address(Connector connector) {
		InetAddress bound = (connector.getProtocolHandler() instanceof AbstractProtocol<?> protocol)
				? protocol.getAddress() : null;
		return (bound == null || bound.isAnyLocalAddress()) ? InetAddress.getLoopbackAddress() : bound;
	}

	private static URI uri(InetAddress address, int port, String contextPath) {
		try {
			// The URI constructor adds the brackets an IPv6 literal needs.
			return new URI("http", null, address.getHostAddress(), port, contextPath, null, null);
		}
		catch (URISyntaxException ex) {
			throw new IllegalStateException("Cannot build the warm-up URI for " + address + ":" + port, ex);
		}
	}

}
