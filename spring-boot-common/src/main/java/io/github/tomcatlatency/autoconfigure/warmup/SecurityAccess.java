package io.github.tomcatlatency.autoconfigure.warmup;

import jakarta.servlet.ServletContext;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.security.authentication.AnonymousAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.authority.AuthorityUtils;
import org.springframework.security.web.access.WebInvocationPrivilegeEvaluator;
import org.springframework.web.context.WebApplicationContext;

/**
 * Spring Security's own decision for a request without credentials, as its
 * {@link WebInvocationPrivilegeEvaluator} makes it: whether a library's route may be sent
 * ({@link AnonymousAccess}), and whether an application's route may be discovered or
 * replayed ({@link AddressRestriction}). The evaluator decides on a request it makes up
 * from the path alone, which has no client address: a rule on the address
 * ({@code hasIpAddress}, an {@code IpAddressMatcher}) fails to decide there, and the
 * route is not sent, as one that may admit this host only.
 */
final class SecurityAccess implements AnonymousAccess, AddressRestriction {

	private static final Log logger = LogFactory.getLog(SecurityAccess.class);

	private final Authentication anonymous = new AnonymousAuthenticationToken("tomcat-latency-warmup", "anonymousUser",
			AuthorityUtils.createAuthorityList("ROLE_ANONYMOUS"));

	private final ObjectProvider<WebInvocationPrivilegeEvaluator> evaluators;

	private final WebApplicationContext context;

	SecurityAccess(ObjectProvider<WebInvocationPrivilegeEvaluator> evaluators, WebApplicationContext context) {
		this.evaluators = evaluators;
		this.context = context;
	}

	@Override
	public boolean permits(String method, String path) {
		try {
			return isAllowed(method, path);
		}
		catch (RuntimeException ex) {
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
		try {
			isAllowed(method, path);
			return null;
		}
		catch (RuntimeException ex) {
			return "the application's security cannot decide for a request from another host without " + "credentials ("
					+ ex + ")";
		}
	}

	private boolean isAllowed(String method, String path) {
		WebInvocationPrivilegeEvaluator evaluator = this.evaluators.getIfUnique();
		ServletContext servletContext = this.context.getServletContext();
		if (evaluator == null || servletContext == null) {
			return true;
		}
		// The context path as the running server has it: Spring Boot cleans the
		// configured one ("/x/" serves "/x", "/" the root).
		return evaluator.isAllowed(servletContext.getContextPath(), path, method, this.anonymous);
	}

}
