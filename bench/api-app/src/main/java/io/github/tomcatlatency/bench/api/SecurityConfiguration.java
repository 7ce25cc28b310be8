package io.github.tomcatlatency.bench.api;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.security.config.Customizer;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.core.userdetails.User;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.security.core.userdetails.UsernameNotFoundException;
import org.springframework.security.crypto.factory.PasswordEncoderFactories;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.security.web.SecurityFilterChain;

/**
 * HTTP Basic against the members stored in the database;
 * {@code app.security.enabled=false} opens every route.
 */
@Configuration(proxyBeanMethods = false)
public class SecurityConfiguration {

	@Bean
	SecurityFilterChain securityFilterChain(HttpSecurity http, @Value("${app.security.enabled:true}") boolean enabled)
			throws Exception {
		http.csrf((csrf) -> csrf.disable())
			.sessionManagement((session) -> session.sessionCreationPolicy(SessionCreationPolicy.STATELESS));
		if (enabled) {
			http.authorizeHttpRequests((requests) -> requests
				.requestMatchers("/v3/api-docs/**", "/swagger-ui/**", "/swagger-ui.html", "/actuator/health/**",
						"/error")
				.permitAll()
				.anyRequest()
				.authenticated()).httpBasic(Customizer.withDefaults());
		}
		else {
			http.authorizeHttpRequests((requests) -> requests.anyRequest().permitAll());
		}
		return http.build();
	}

	@Bean
	UserDetailsService userDetailsService(MemberRepository members) {
		return (username) -> members.findByUsername(username)
			.map((member) -> User.withUsername(member.getUsername())
				.password(member.getPassword())
				.roles(member.getRole())
				.build())
			.orElseThrow(() -> new UsernameNotFoundException(username));
	}

	@Bean
	PasswordEncoder passwordEncoder() {
		return PasswordEncoderFactories.createDelegatingPasswordEncoder();
	}

}
