package io.github.tomcatlatency.warmup.internal.task.security;

import java.time.Instant;

import io.github.tomcatlatency.warmup.internal.task.WarmupTask;

import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.server.resource.authentication.BearerTokenAuthenticationToken;
import org.springframework.security.oauth2.server.resource.authentication.JwtAuthenticationProvider;

/**
 * Authenticates a bearer token as Spring Security's resource server does for an
 * application that accepts JWTs, which its first authenticated request otherwise pays
 * for: the provider, the conversion of the token's claims (Spring Security's shared claim
 * conversion service) and the authentication token it builds. The provider is the
 * starter's own, given a decoder that hands back a token built in memory: the
 * application's decoder, which may fetch remote keys, and its converters are never
 * called, and the authentication goes into no security context.
 */
public final class JwtAuthenticationWarmup implements WarmupTask {

	private static final String TOKEN = "tomcat-latency-warmup";

	@Override
	public String name() {
		return "jwt-authentication";
	}

	@Override
	public void run() {
		Instant now = Instant.now();
		Jwt jwt = Jwt.withTokenValue(TOKEN)
			.header("alg", "none")
			.subject(TOKEN)
			.issuedAt(now)
			.expiresAt(now.plusSeconds(60))
			.claim("scope", "warm-up")
			.build();
		new JwtAuthenticationProvider((token) -> jwt).authenticate(new BearerTokenAuthenticationToken(TOKEN));
	}

}
