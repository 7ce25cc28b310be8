package io.github.tomcatlatency.report;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

import io.github.tomcatlatency.advisory.Component;
import org.apache.catalina.Container;
import org.apache.catalina.Context;
import org.apache.catalina.Engine;
import org.apache.catalina.Realm;
import org.apache.catalina.Valve;
import org.apache.catalina.Wrapper;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.realm.CombinedRealm;
import org.apache.catalina.startup.Tomcat;
import org.apache.coyote.UpgradeProtocol;
import org.apache.coyote.http2.Http2Protocol;
import org.apache.tomcat.util.descriptor.web.FilterDef;
import org.apache.tomcat.util.net.SSLHostConfig;
import org.apache.tomcat.util.net.SSLHostConfig.CertificateVerification;

/**
 * Tells which of the {@link Component components} that advisories need a running Tomcat
 * uses, by reading its connectors, pipelines, servlets and resources. Class names are
 * compared as strings so that optional Tomcat modules need not be on the classpath.
 */
final class TomcatComponents {

	private static final String WEBSOCKET_CONTAINER_ATTRIBUTE = "jakarta.websocket.server.ServerContainer";

	private final Tomcat tomcat;

	private final List<Context> contexts = new ArrayList<>();

	private final List<Valve> valves = new ArrayList<>();

	private final List<Wrapper> wrappers = new ArrayList<>();

	TomcatComponents(Tomcat tomcat) {
		this.tomcat = tomcat;
		Engine engine = tomcat.getEngine();
		collectValves(engine);
		for (Container host : engine.findChildren()) {
			collectValves(host);
			for (Container child : host.findChildren()) {
				if (child instanceof Context context) {
					this.contexts.add(context);
					collectValves(context);
					for (Container wrapper : context.findChildren()) {
						if (wrapper instanceof Wrapper servlet) {
							this.wrappers.add(servlet);
						}
					}
				}
			}
		}
	}

	private void collectValves(Container container) {
		this.valves.addAll(List.of(container.getPipeline().getValves()));
	}

	Map<Component, ComponentUsage> usage() {
		Map<Component, ComponentUsage> usage = new EnumMap<>(Component.class);
		for (Component component : Component.values()) {
			usage.put(component, usage(component));
		}
		return usage;
	}

	private ComponentUsage usage(Component component) {
		return switch (component) {
			case CORE -> ComponentUsage.USED;
			case HTTP2 -> used(http2());
			case HTTP_UPGRADE -> http2() ? ComponentUsage.USED : websocket();
			case WEBSOCKET -> websocket();
			case WEBSOCKET_CLIENT -> classPresent("org.apache.tomcat.websocket.WsWebSocketContainer")
					? ComponentUsage.UNKNOWN : ComponentUsage.NOT_USED;
			case AJP -> used(connectors().stream()
				.anyMatch((connector) -> connector.getProtocolHandlerClassName().contains("Ajp")));
			case TLS -> used(!sslHostConfigs().isEmpty());
			case TLS_CLIENT_CERT -> used(sslHostConfigs().stream()
				.anyMatch((config) -> config.getCertificateVerification() != CertificateVerification.NONE));
			case OPENSSL -> sslHostConfigs().isEmpty() ? ComponentUsage.NOT_USED : ComponentUsage.UNKNOWN;
			case MULTIPART ->
				used(this.wrappers.stream().anyMatch((wrapper) -> wrapper.getMultipartConfigElement() != null)
						|| this.contexts.stream().anyMatch(Context::getAllowCasualMultipartParsing));
			case REWRITE_VALVE -> used(hasValve("org.apache.catalina.valves.rewrite.RewriteValve"));
			case CGI -> used(hasServlet("org.apache.catalina.servlets.CGIServlet"));
			case WEBDAV -> used(hasServlet("org.apache.catalina.servlets.WebdavServlet"));
			case DEFAULT_SERVLET_WRITE -> used(this.wrappers.stream()
				.anyMatch((wrapper) -> "org.apache.catalina.servlets.DefaultServlet".equals(wrapper.getServletClass())
						&& "false".equalsIgnoreCase(wrapper.findInitParameter("readonly"))));
			case JSP -> used(hasServlet("org.apache.jasper.servlet.JspServlet"));
			case FORM_AUTH -> used(authMethod("FORM"));
			case DIGEST_AUTH -> used(authMethod("DIGEST"));
			case JASPIC, REALM -> containerAuthentication() ? ComponentUsage.UNKNOWN : ComponentUsage.NOT_USED;
			case LOCKOUT_REALM -> used(lockOutRealm());
			case SECURITY_CONSTRAINTS ->
				used(this.contexts.stream().anyMatch((context) -> context.findConstraints().length > 0));
			case PRE_POST_RESOURCES -> used(this.contexts.stream()
				.anyMatch((context) -> context.getResources() != null
						&& (context.getResources().getPreResources().length > 0
								|| context.getResources().getPostResources().length > 0)));
			case REMOTE_IP_FILTER -> used(hasFilter("org.apache.catalina.filters.RemoteIpFilter"));
			case LB_DRAINING_VALVE -> used(hasValve("org.apache.catalina.valves.LoadBalancerDrainingValve"));
			case CLUSTER_ENCRYPT, CLOUD_MEMBERSHIP ->
				(this.tomcat.getEngine().getCluster() != null) ? ComponentUsage.UNKNOWN : ComponentUsage.NOT_USED;
			case JSON_ACCESS_LOG -> used(hasValve("org.apache.catalina.valves.JsonAccessLogValve"));
			case EFFECTIVE_WEB_XML_LOG -> used(this.contexts.stream().anyMatch(Context::getLogEffectiveWebXml));
			case EXAMPLES, PACKED_WAR -> ComponentUsage.NOT_USED;
			case RESOURCES_CACHE -> used(this.contexts.stream()
				.anyMatch((context) -> context.getResources() != null && context.getResources().isCachingAllowed()));
			case BLOOM_INDEX -> used(this.contexts.stream()
				.anyMatch((context) -> context.getResources() != null
						&& "bloom".equalsIgnoreCase(context.getResources().getArchiveIndexStrategy())));
			case NONBLOCKING_IO -> ComponentUsage.UNKNOWN;
			case APR_CONNECTOR -> used(connectors().stream()
				.anyMatch((connector) -> connector.getProtocolHandlerClassName().contains("Apr")));
			case UNIX_DOMAIN_SOCKET -> used(connectors().stream()
				.anyMatch((connector) -> connector.getProperty("unixDomainSocketPath") != null));
			case OPENWEBBEANS -> classPresent("org.apache.webbeans.config.WebBeansContext") ? ComponentUsage.UNKNOWN
					: ComponentUsage.NOT_USED;
		};
	}

	private static ComponentUsage used(boolean used) {
		return used ? ComponentUsage.USED : ComponentUsage.NOT_USED;
	}

	private List<Connector> connectors() {
		return List.of(this.tomcat.getService().findConnectors());
	}

	private List<SSLHostConfig> sslHostConfigs() {
		return connectors().stream()
			.filter((connector) -> Boolean.TRUE.equals(connector.getProperty("SSLEnabled")))
			.flatMap((connector) -> List.of(connector.getProtocolHandler().findSslHostConfigs()).stream())
			.toList();
	}

	private boolean http2() {
		for (Connector connector : connectors()) {
			for (UpgradeProtocol protocol : connector.findUpgradeProtocols()) {
				if (protocol instanceof Http2Protocol) {
					return true;
				}
			}
		}
		return false;
	}

	private ComponentUsage websocket() {
		// Tomcat's WebSocket container is present whenever its jar is; endpoints may not
		// be.
		return this.contexts.stream()
			.anyMatch((context) -> context.getServletContext().getAttribute(WEBSOCKET_CONTAINER_ATTRIBUTE) != null)
					? ComponentUsage.UNKNOWN : ComponentUsage.NOT_USED;
	}

	private boolean hasValve(String className) {
		return this.valves.stream().anyMatch((valve) -> valve.getClass().getName().equals(className));
	}

	private boolean hasServlet(String className) {
		return this.wrappers.stream().anyMatch((wrapper) -> className.equals(wrapper.getServletClass()));
	}

	private boolean hasFilter(String className) {
		for (Context context : this.contexts) {
			for (FilterDef filter : context.findFilterDefs()) {
				if (className.equals(filter.getFilterClass())) {
					return true;
				}
			}
		}
		return false;
	}

	private boolean authMethod(String method) {
		return this.contexts.stream()
			.anyMatch((context) -> context.getLoginConfig() != null
					&& method.equalsIgnoreCase(context.getLoginConfig().getAuthMethod()));
	}

	private boolean containerAuthentication() {
		return this.contexts.stream().anyMatch((context) -> context.getLoginConfig() != null);
	}

	private boolean lockOutRealm() {
		List<Realm> realms = new ArrayList<>();
		realms.add(this.tomcat.getEngine().getRealm());
		this.contexts.forEach((context) -> realms.add(context.getRealm()));
		for (int i = 0; i < realms.size(); i++) {
			Realm realm = realms.get(i);
			if (realm != null && realm.getClass().getName().equals("org.apache.catalina.realm.LockOutRealm")) {
				return true;
			}
			if (realm instanceof CombinedRealm combined) {
				realms.addAll(List.of(combined.getNestedRealms()));
			}
		}
		return false;
	}

	private static boolean classPresent(String className) {
		try {
			Class.forName(className, false, TomcatComponents.class.getClassLoader());
			return true;
		}
		catch (ClassNotFoundException | LinkageError ex) {
			return false;
		}
	}

	List<Context> contexts() {
		return this.contexts;
	}

	List<Wrapper> wrappers() {
		return this.wrappers;
	}

}
