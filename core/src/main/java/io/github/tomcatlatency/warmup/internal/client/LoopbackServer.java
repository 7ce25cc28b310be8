package io.github.tomcatlatency.warmup.internal.client;

import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;

import org.apache.catalina.connector.Connector;
import org.apache.catalina.startup.Tomcat;
import org.apache.coyote.AbstractProtocol;
import org.apache.tomcat.util.threads.VirtualThreadExecutor;
import org.jspecify.annotations.Nullable;

/**
 * Where a warm-up can reach the application's own Tomcat: the first plain-HTTP connector
 * that listens, or else the first TLS connector whose certificate Tomcat holds in a key
 * store, at the address it is bound to, or at the loopback address when it is bound to
 * every address. Over TLS the warm-up trusts that connector's own certificates and
 * nothing else.
 */
public final class LoopbackServer {

	private final URI uri;

	private final @Nullable ServerCertificates tls;

	private final boolean virtualThreads;

	private final boolean oneWorker;

	/**
	 * Create the address of a server whose connector takes more than one request at a
	 * time.
	 * @param uri the server's base URI, context path included
	 * @param tls the certificates to trust, {@code null} for plain HTTP
	 * @param virtualThreads whether the connector runs requests on virtual threads
	 */
	public LoopbackServer(URI uri, @Nullable ServerCertificates tls, boolean virtualThreads) {
		this(uri, tls, virtualThreads, false);
	}

	private LoopbackServer(URI uri, @Nullable ServerCertificates tls, boolean virtualThreads, boolean oneWorker) {
		this.uri = uri;
		this.tls = tls;
		this.virtualThreads = virtualThreads;
		this.oneWorker = oneWorker;
	}

	/**
	 * Return where the servlet context of the given server can be reached.
	 * @param tomcat the running server
	 * @param contextPath the servlet context path, empty for the root context
	 * @return the server, or {@code null} if no connector listens that the warm-up can
	 * reach: none listens, or each listens with TLS and a certificate that is not in a
	 * key store Tomcat holds
	 */
	public static @Nullable LoopbackServer of(Tomcat tomcat, String contextPath) {
		Connector[] connectors = tomcat.getService().findConnectors();
		for (Connector connector : connectors) {
			if (connector.getLocalPort() > 0 && !connector.getSecure() && !"https".equals(connector.getScheme())) {
				return new LoopbackServer(uri("http", connector, contextPath), null, onVirtualThreads(connector),
						oneWorker(connector));
			}
		}
		for (Connector connector : connectors) {
			ServerCertificates tls = (connector.getLocalPort() > 0) ? ServerCertificates.of(connector) : null;
			if (tls != null) {
				return new LoopbackServer(uri("https", connector, contextPath), tls, onVirtualThreads(connector),
						oneWorker(connector));
			}
		}
		return null;
	}

	/**
	 * Return the URI of the servlet context, without a trailing slash.
	 * @return the URI
	 */
	public URI uri() {
		return this.uri;
	}

	/**
	 * Return the server's own certificates, the warm-up's only trust over TLS.
	 * @return the certificates, or {@code null} for plain HTTP
	 */
	@Nullable ServerCertificates tls() {
		return this.tls;
	}

	/**
	 * Return whether the connector runs its requests on virtual threads.
	 * @return {@code true} when it does
	 */
	public boolean virtualThreads() {
		return this.virtualThreads;
	}

	/**
	 * Return whether the connector serves its requests on one thread only: a warm-up
	 * request there makes any real request that arrives meanwhile wait for it.
	 * @return {@code true} when it does
	 */
	public boolean oneWorker() {
		return this.oneWorker;
	}

	private static boolean oneWorker(Connector connector) {
		return !onVirtualThreads(connector) && connector.getProtocolHandler() instanceof AbstractProtocol<?> protocol
				&& protocol.getMaxThreads() <= 1;
	}

	private static boolean onVirtualThreads(Connector connector) {
		return connector.getProtocolHandler().getExecutor() instanceof VirtualThreadExecutor;
	}

	private static URI uri(String scheme, Connector connector, String contextPath) {
		InetAddress bound = (connector.getProtocolHandler() instanceof AbstractProtocol<?> protocol)
				? protocol.getAddress() : null;
		InetAddress address = (bound == null || bound.isAnyLocalAddress()) ? InetAddress.getLoopbackAddress() : bound;
		try {
			// The URI constructor adds the brackets an IPv6 literal needs.
			return new URI(scheme, null, address.getHostAddress(), connector.getLocalPort(), contextPath, null, null);
		}
		catch (URISyntaxException ex) {
			throw new IllegalStateException(
					"Cannot build the warm-up URI for " + address + ":" + connector.getLocalPort(), ex);
		}
	}

}
