package io.github.tomcatlatency.autoconfigure.warmup;

import io.github.tomcatlatency.autoconfigure.ConditionalOnTomcatLatency;
import io.github.tomcatlatency.autoconfigure.internal.EmbeddedTomcat;
import io.github.tomcatlatency.warmup.internal.access.WarmupHandlerMapping;
import io.github.tomcatlatency.warmup.internal.access.WarmupRequestMarker;
import io.github.tomcatlatency.warmup.internal.task.security.JwtAuthenticationWarmup;
import io.github.tomcatlatency.warmup.internal.task.security.PasswordEncoderWarmup;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configurers.AbstractHttpConfigurer;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.security.oauth2.jwt.JwtDecoder;
import org.springframework.security.oauth2.server.resource.authentication.JwtAuthenticationProvider;
import org.springframework.security.web.FilterChainProxy;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.access.AuthorizationManagerWebInvocationPrivilegeEvaluator.HttpServletRequestTransformer;
import org.springframework.security.web.access.WebInvocationPrivilegeEvaluator;
import org.springframework.web.context.WebApplicationContext;

/**
 * {@link org.springframework.boot.autoconfigure.EnableAutoConfiguration
 * Auto-configuration} that lets the warm-up's requests through Spring Security to the
 * starter's own routes: a {@link SecurityFilterChain} ordered first that matches only
 * requests of the running warm-up (the random token, while the warm-up runs) and permits
 * them without a session, a cookie or a saved request. Every other request, and every
 * request once the warm-up has ended, goes to the application's own chains as without the
 * starter.
 * <p>
 * Only beside a chain that the application has without the starter: its own, or Spring
 * Boot's default. Boot's default chain, and Spring Security's own when Boot's
 * auto-configuration is left out, back off when a {@code SecurityFilterChain} bean
 * exists: this one must never take their place, or every other request would pass
 * unsecured. Ordered after Boot's security auto-configurations so that it finds their
 * chains; should a Boot release rename one of them, the warm-up's requests are refused
 * and reported so, while the application's security stays as it is without the starter.
 */
@AutoConfiguration(after = WarmupAutoConfiguration.class, afterName = {
		// Spring Boot 3
		"org.springframework.boot.autoconfigure.security.servlet.SecurityAutoConfiguration",
		"org.springframework.boot.actuate.autoconfigure.security.servlet.ManagementWebSecurityAutoConfiguration",
		"org.springframework.boot.autoconfigure.security.oauth2.resource.servlet.OAuth2ResourceServerAutoConfiguration",
		"org.springframework.boot.autoconfigure.security.oauth2.client.servlet.OAuth2ClientAutoConfiguration",
		"org.springframework.boot.autoconfigure.security.saml2.Saml2RelyingPartyAutoConfiguration",
		// Spring Boot 4
		"org.springframework.boot.security.autoconfigure.web.servlet.ServletWebSecurityAutoConfiguration",
		"org.springframework.boot.security.autoconfigure.actuate.web.servlet.ManagementWebSecurityAutoConfiguration",
		"org.springframework.boot.security.oauth2.server.resource.autoconfigure.servlet.OAuth2ResourceServerAutoConfiguration",
		"org.springframework.boot.security.oauth2.client.autoconfigure.servlet.OAuth2ClientWebSecurityAutoConfiguration",
		"org.springframework.boot.security.saml2.autoconfigure.Saml2RelyingPartyAutoConfiguration" })
@ConditionalOnTomcatLatency
@ConditionalOnBooleanProperty(name = "tomcat-latency.warmup.enabled", matchIfMissing = true)
@ConditionalOnClass({ SecurityFilterChain.class, HttpSecurity.class })
@ConditionalOnBean({ WarmupRequestMarker.class, HttpSecurity.class, SecurityFilterChain.class })
public final class WarmupSecurityAutoConfiguration {

	@Bean
	@Order(Ordered.HIGHEST_PRECEDENCE)
	SecurityFilterChain tomcatLatencyWarmupSecurityFilterChain(HttpSecurity http, WarmupRequestMarker marker)
			throws Exception {
		http.securityMatcher(
				(request) -> marker.isRunningWarmupRequest(request) && WarmupHandlerMapping.isWarmupRoute(request))
			.authorizeHttpRequests((requests) -> requests.anyRequest().permitAll())
			// The token, unguessable and sent only over loopback while the warm-up runs,
			// is what authenticates these requests: they carry no session to protect.
			.csrf(AbstractHttpConfigurer::disable)
			.requestCache(AbstractHttpConfigurer::disable)
			.sessionManagement((session) -> session.sessionCreationPolicy(SessionCreationPolicy.STATELESS));
		return http.build();
	}

	@Bean
	SecurityAccess tomcatLatencyAnonymousAccess(ObjectProvider<WebInvocationPrivilegeEvaluator> evaluators,
			ObjectProvider<FilterChainProxy> filterChains, ObjectProvider<HttpServletRequestTransformer> transformers,
			WebApplicationContext context, EmbeddedTomcat tomcat) {
		return new SecurityAccess(evaluators, filterChains, transformers, context, () -> {
			WarmupAddress warmup = WarmupAddress.of(tomcat.get());
			return (warmup != null) ? warmup.host() : null;
		});
	}

	@Bean
	@ConditionalOnBooleanProperty(name = "tomcat-latency.warmup.framework-requests", matchIfMissing = true)
	PasswordEncoderWarmup tomcatLatencyPasswordEncoderWarmup(ObjectProvider<PasswordEncoder> encoders) {
		return new PasswordEncoderWarmup(encoders);
	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass({ JwtAuthenticationProvider.class, JwtDecoder.class })
	@ConditionalOnBean(JwtDecoder.class)
	@ConditionalOnBooleanProperty(name = "tomcat-latency.warmup.framework-requests", matchIfMissing = true)
	static class JwtAuthenticationConfiguration {

		@Bean
		JwtAuthenticationWarmup tomcatLatencyJwtAuthenticationWarmup() {
			return new JwtAuthenticationWarmup();
		}

	}

}
