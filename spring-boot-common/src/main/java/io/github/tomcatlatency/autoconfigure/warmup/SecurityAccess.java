package io.github.tomcatlatency.autoconfigure.warmup;

import java.util.function.Supplier;

import io.github.tomcatlatency.warmup.internal.access.AddressRules;
import jakarta.servlet.Filter;
import jakarta.servlet.ServletContext;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.security.authentication.AnonymousAuthenticationToken;
import org.springframework.security.authorization.AuthorizationResult;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.authority.AuthorityUtils;
import org.springframework.security.web.FilterChainProxy;
import org.springframework.security.web.FilterInvocation;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.access.AuthorizationManagerWebInvocationPrivilegeEvaluator.HttpServletRequestTransformer;
import org.springframework.security.web.access.WebInvocationPrivilegeEvaluator;
import org.springframework.security.web.access.intercept.AuthorizationFilter;
import org.springframework.web.context.WebApplicationContext;

/**
 * Spring Security's own decision for a request without credentials: whether a library's
 * route may be sent ({@link AnonymousAccess}), as its
 * {@link WebInvocationPrivilegeEvaluator} decides, and whether an application's route
 * that it lets through from the warm-up's address refuses another host
 * ({@link AddressRestriction}): a rule on the address ({@code hasIpAddress}, an
 * {@code IpAddressMatcher}) that admits this host only.
 * <p>
 * Spring Security's {@link WebInvocationPrivilegeEvaluator} makes up a request from the
 * path alone, which has no client address, and takes no request of its own. So the
 * request is Spring Security's own made-up one ({@link FilterInvocation}), from the
 * warm-up's address and from {@link AddressRules#STAND_IN another host's}, and what
 * decides it is what decides a real request: the first filter chain of the application's
 * {@link FilterChainProxy} that matches it, and the authorization manager of that chain's
 * {@link AuthorizationFilter}, after the request transformer that Spring Security gives
 * its own evaluator. A chain without one (no authorization, or the deprecated
 * {@code authorizeRequests()}) is asked through the evaluator, without an address, as is
 * every route when the filter chains cannot be found: a rule on the address fails to
 * decide there, and the route is not sent.
 */
final class SecurityAccess implements AnonymousAccess, AddressRestriction {

	private static final Log logger = LogFactory.getLog(SecurityAccess.class);

	private final Authentication anonymous = new AnonymousAuthenticationToken("tomcat-latency-warmup", "anonymousUser",
			AuthorityUtils.createAuthorityList("ROLE_ANONYMOUS"));

	private final ObjectProvider<WebInvocationPrivilegeEvaluator> evaluators;

	private final ObjectProvider<FilterChainProxy> filterChains;

	private final ObjectProvider<HttpServletRequestTransformer> transformers;

	private final WebApplicationContext context;

	private final Supplier<@Nullable String> warmupAddress;

	/**
	 * Create the decision.
	 * @param evaluators the application's privilege evaluator
	 * @param filterChains the application's filter chains
	 * @param transformers the request transformer Spring Security gives its evaluator
	 * @param context the application's context, for its servlet context
	 * @param warmupAddress the address the warm-up's requests come from, or {@code null}
	 * before the server runs
	 */
	SecurityAccess(ObjectProvider<WebInvocationPrivilegeEvaluator> evaluators,
			ObjectProvider<FilterChainProxy> filterChains, ObjectProvider<HttpServletRequestTransformer> transformers,
			WebApplicationContext context, Supplier<@Nullable String> warmupAddress) {
		this.evaluators = evaluators;
		this.filterChains = filterChains;
		this.transformers = transformers;
		this.context = context;
		this.warmupAddress = warmupAddress;
	}

	@Override
	public boolean permits(String method, String path) {
		try {
			return isAllowed(method, path, null);
		}
		catch (RuntimeException | LinkageError ex) {
			// Security that cannot decide for a request it did not receive (Spring
			// Security 6 asks which servlet serves a path when several are mapped):
			// the route is not sent, as if it were refused.
			logger.debug("Not warming " + method + " " + path + ": the application's security cannot tell "
					+ "whether a request without credentials may reach it", ex);
			return false;
		}
	}

	@Override
	public @Nullable String restriction(String method, String path) {
		String address = this.warmupAddress.get();
		try {
			if (address == null) {
				// No connector the warm-up can reach: nothing is sent.
				return null;
			}
			// As Tomcat's own checks are asked: a route refused from both addresses is
			// sent, and reported refused, as a route that needs credentials is.
			if (isAllowed(method, path, address) && !isAllowed(method, path, AddressRules.STAND_IN)) {
				return "Spring Security lets it through from " + address + " only, not from another host";
			}
			return null;
		}
		catch (RuntimeException | LinkageError ex) {
			return "the application's security cannot decide for a request from another host without credentials (" + ex
					+ ")";
		}
	}

	private boolean isAllowed(String method, String path, @Nullable String address) {
		ServletContext servletContext = this.context.getServletContext();
		if (servletContext == null) {
			return true;
		}
		// The context path as the running server has it: Spring Boot cleans the
		// configured one ("/x/" serves "/x", "/" the root).
		String contextPath = servletContext.getContextPath();
		FilterChainProxy proxy = (address != null) ? this.filterChains.getIfUnique() : null;
		if (proxy != null) {
			HttpServletRequest request = this.transformers.getIfUnique(() -> HttpServletRequestTransformer.IDENTITY)
				.transform(new FromAddress(new FilterInvocation(contextPath, path, method, servletContext).getRequest(),
						address));
			for (SecurityFilterChain chain : proxy.getFilterChains()) {
				if (chain.matches(request)) {
					AuthorizationFilter authorization = authorizationFilter(chain);
					if (authorization == null) {
						break;
					}
					AuthorizationResult result = authorization.getAuthorizationManager()
						.authorize(() -> this.anonymous, request);
					// As Spring Security's evaluator reads it: no decision lets it
					// through.
					return result == null || result.isGranted();
				}
			}
		}
		WebInvocationPrivilegeEvaluator evaluator = this.evaluators.getIfUnique();
		if (evaluator == null) {
			return true;
		}
		return evaluator.isAllowed(contextPath, path, method, this.anonymous);
	}

	private static @Nullable AuthorizationFilter authorizationFilter(SecurityFilterChain chain) {
		for (Filter filter : chain.getFilters()) {
			if (filter instanceof AuthorizationFilter authorization) {
				return authorization;
			}
		}
		return null;
	}

	/**
	 * Spring Security's made-up request, from a client's address.
	 */
	private static final class FromAddress extends HttpServletRequestWrapper {

		private final String address;

		FromAddress(HttpServletRequest request, String address) {
			super(request);
			this.address = address;
		}

		@Override
		public String getRemoteAddr() {
			return this.address;
		}

		@Override
		public String getRemoteHost() {
			return this.address;
		}

	}

}
