package io.github.tomcatlatency.warmup.internal.task.security;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.security.config.Customizer;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.core.userdetails.User;
import org.springframework.security.provisioning.InMemoryUserDetailsManager;
import org.springframework.security.web.SecurityFilterChain;

/**
 * An application's security as the security tests use it: every request authenticated
 * with HTTP Basic, one user {@code user} with password {@code secret}.
 */
@Configuration(proxyBeanMethods = false)
public class HttpBasicSecurity {

	@Bean
	SecurityFilterChain application(HttpSecurity http) throws Exception {
		return http.authorizeHttpRequests((requests) -> requests.anyRequest().authenticated())
			.httpBasic(Customizer.withDefaults())
			.build();
	}

	@Bean
	InMemoryUserDetailsManager users() {
		return new InMemoryUserDetailsManager(User.withUsername("user").password("{noop}secret").roles("USER").build());
	}

}
