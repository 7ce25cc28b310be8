package io.github.tomcatlatency.advisory;

/**
 * A Tomcat feature that an advisory needs in order to matter to an application. The data
 * file writes each constant in lower case with {@code -} for {@code _}.
 */
public enum Component {

	/**
	 * Any application.
	 */
	CORE,

	/**
	 * HTTP/2.
	 */
	HTTP2,

	/**
	 * HTTP upgrade (WebSocket or h2c).
	 */
	HTTP_UPGRADE,

	/**
	 * WebSocket server endpoints.
	 */
	WEBSOCKET,

	/**
	 * Tomcat's WebSocket client.
	 */
	WEBSOCKET_CLIENT,

	/**
	 * An AJP connector.
	 */
	AJP,

	/**
	 * A TLS connector.
	 */
	TLS,

	/**
	 * TLS client certificate authentication on the connector.
	 */
	TLS_CLIENT_CERT,

	/**
	 * TLS through OpenSSL (Tomcat Native or the FFM connector).
	 */
	OPENSSL,

	/**
	 * Multipart request parsing (file upload).
	 */
	MULTIPART,

	/**
	 * The {@code RewriteValve}.
	 */
	REWRITE_VALVE,

	/**
	 * The CGI servlet.
	 */
	CGI,

	/**
	 * The WebDAV servlet.
	 */
	WEBDAV,

	/**
	 * Tomcat's {@code DefaultServlet} with writes enabled ({@code readonly=false}).
	 */
	DEFAULT_SERVLET_WRITE,

	/**
	 * JSP pages or tags.
	 */
	JSP,

	/**
	 * Container FORM authentication.
	 */
	FORM_AUTH,

	/**
	 * Container DIGEST authentication.
	 */
	DIGEST_AUTH,

	/**
	 * The {@code LockOutRealm}.
	 */
	LOCKOUT_REALM,

	/**
	 * A Tomcat {@code Realm} used for container authentication ({@code JNDIRealm},
	 * {@code DataSourceRealm}, ...).
	 */
	REALM,

	/**
	 * A Jakarta Authentication (JASPIC) provider.
	 */
	JASPIC,

	/**
	 * Container security constraints ({@code web.xml} or {@code @ServletSecurity}).
	 */
	SECURITY_CONSTRAINTS,

	/**
	 * Mounted {@code PreResources} or {@code PostResources}.
	 */
	PRE_POST_RESOURCES,

	/**
	 * The {@code RemoteIpFilter} (not the {@code RemoteIpValve}).
	 */
	REMOTE_IP_FILTER,

	/**
	 * The {@code LoadBalancerDrainingValve}.
	 */
	LB_DRAINING_VALVE,

	/**
	 * Clustering with the {@code EncryptInterceptor}.
	 */
	CLUSTER_ENCRYPT,

	/**
	 * Clustering with the {@code CloudMembershipService} (Kubernetes).
	 */
	CLOUD_MEMBERSHIP,

	/**
	 * The {@code JsonAccessLogValve}.
	 */
	JSON_ACCESS_LOG,

	/**
	 * {@code logEffectiveWebXml} on a context.
	 */
	EFFECTIVE_WEB_XML_LOG,

	/**
	 * The examples web application.
	 */
	EXAMPLES,

	/**
	 * Tomcat's static web-resource cache.
	 */
	RESOURCES_CACHE,

	/**
	 * The bloom archive index strategy.
	 */
	BLOOM_INDEX,

	/**
	 * A packed WAR deployed in Tomcat.
	 */
	PACKED_WAR,

	/**
	 * Servlet non-blocking I/O.
	 */
	NONBLOCKING_IO,

	/**
	 * The APR/Native connector (Tomcat 9 only).
	 */
	APR_CONNECTOR,

	/**
	 * A connector listening on a Unix domain socket.
	 */
	UNIX_DOMAIN_SOCKET,

	/**
	 * Tomcat's OpenWebBeans (CDI) integration.
	 */
	OPENWEBBEANS

}
