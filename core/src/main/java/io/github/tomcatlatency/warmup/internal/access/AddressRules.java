package io.github.tomcatlatency.warmup.internal.access;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

import jakarta.servlet.DispatcherType;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.apache.catalina.Container;
import org.apache.catalina.Context;
import org.apache.catalina.Valve;
import org.apache.catalina.filters.RemoteCIDRFilter;
import org.apache.catalina.filters.RequestFilter;
import org.apache.catalina.startup.Tomcat;
import org.apache.catalina.valves.RequestFilterValve;
import org.apache.tomcat.util.descriptor.web.FilterDef;
import org.jspecify.annotations.Nullable;

/**
 * Tomcat's own checks of a request's address, asked whether they let a request from
 * another host through where they let the warm-up's through: the valves in the engine,
 * the host or the context that filter on the client's address or host
 * ({@code RemoteAddrValve}, {@code RemoteCIDRValve}, {@code RemoteHostValve}) and the
 * filters of the application's that do ({@code RemoteAddrFilter},
 * {@code RemoteCIDRFilter}, {@code RemoteHostFilter}). Each is called, with a stand-in
 * request from an address no host has ({@value #STAND_IN}, set aside for documentation),
 * never imitated. A filter is asked whatever paths it is mapped to: one that admits only
 * this host keeps every route of the application's from being sent.
 */
public final class AddressRules {

	/**
	 * The address asked for as another host's.
	 */
	public static final String STAND_IN = "192.0.2.1";

	private final List<Valve> valves;

	private final List<Filter> filters;

	private AddressRules(List<Valve> valves, List<Filter> filters) {
		this.valves = valves;
		this.filters = filters;
	}

	/**
	 * Return the checks of a running server.
	 * @param tomcat the server
	 * @return its checks of a request's address
	 */
	public static AddressRules of(Tomcat tomcat) {
		List<Valve> valves = new ArrayList<>();
		List<Filter> filters = new ArrayList<>();
		addValves(tomcat.getEngine(), valves);
		addValves(tomcat.getHost(), valves);
		for (Container child : tomcat.getHost().findChildren()) {
			addValves(child, valves);
			if (child instanceof Context context) {
				for (FilterDef definition : context.findFilterDefs()) {
					Filter filter = definition.getFilter();
					if (filter instanceof RequestFilter || filter instanceof RemoteCIDRFilter) {
						filters.add(filter);
					}
				}
			}
		}
		return new AddressRules(valves, filters);
	}

	private static void addValves(Container container, List<Valve> valves) {
		for (Valve valve : container.getPipeline().getValves()) {
			if (valve instanceof RequestFilterValve) {
				valves.add(valve);
			}
		}
	}

	/**
	 * Return why the application's routes may not be sent from the warm-up's address: a
	 * check that lets the warm-up's requests through but not another host's, or one that
	 * cannot say.
	 * @param address the address the warm-up's requests come from
	 * @param port the port they are sent to
	 * @return the reason, or {@code null} when every check treats both addresses alike
	 */
	public @Nullable String restriction(String address, int port) {
		for (Valve valve : this.valves) {
			RequestFilterValve check = (RequestFilterValve) valve;
			String reason = restriction(valve,
					(from) -> check.isAllowed(check.getAddConnectorPort() ? from + ";" + port : from), address);
			if (reason != null) {
				return reason;
			}
		}
		for (Filter filter : this.filters) {
			String reason = restriction(filter, (from) -> passes(filter, from, port), address);
			if (reason != null) {
				return reason;
			}
		}
		return null;
	}

	private static @Nullable String restriction(Object check, Check allowed, String address) {
		String name = check.getClass().getSimpleName();
		try {
			if (allowed.test(address) && !allowed.test(STAND_IN)) {
				return "Tomcat's " + name + " lets it through from " + address + " only, not from another host";
			}
			return null;
		}
		catch (Exception | LinkageError ex) {
			return "Tomcat's " + name + " cannot say whether a request from another host may reach it (" + ex + ")";
		}
	}

	private static boolean passes(Filter filter, String address, int port) throws Exception {
		AtomicBoolean passed = new AtomicBoolean();
		FilterChain chain = (request, response) -> passed.set(true);
		filter.doFilter(standInRequest(address, port), standInResponse(), chain);
		return passed.get();
	}

	private static HttpServletRequest standInRequest(String address, int port) {
		InvocationHandler handler = (proxy, method, arguments) -> switch (method.getName()) {
			case "getRemoteAddr", "getRemoteHost", "getPeerAddr" -> address;
			case "getLocalPort", "getServerPort" -> port;
			case "getDispatcherType" -> DispatcherType.REQUEST;
			case "getMethod" -> "GET";
			case "getAttribute" -> null;
			default -> throw new UnsupportedOperationException("a stand-in request has no " + method.getName());
		};
		return (HttpServletRequest) Proxy.newProxyInstance(AddressRules.class.getClassLoader(),
				new Class<?>[] { HttpServletRequest.class }, handler);
	}

	private static HttpServletResponse standInResponse() {
		// The refusal itself (sendError) is what a filter that refuses does: nothing is
		// written anywhere.
		InvocationHandler handler = (proxy, method, arguments) -> switch (method.getName()) {
			case "sendError", "setStatus", "setContentType", "setCharacterEncoding" -> null;
			case "isCommitted" -> false;
			default -> throw new UnsupportedOperationException("a stand-in response has no " + method.getName());
		};
		return (HttpServletResponse) Proxy.newProxyInstance(AddressRules.class.getClassLoader(),
				new Class<?>[] { HttpServletResponse.class }, handler);
	}

	/**
	 * One of Tomcat's checks, for a request from an address.
	 */
	@FunctionalInterface
	private interface Check {

		boolean test(String address) throws Exception;

	}

}
