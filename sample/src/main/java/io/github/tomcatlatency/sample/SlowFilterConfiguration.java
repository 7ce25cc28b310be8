package io.github.tomcatlatency.sample;

import jakarta.servlet.Filter;

import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * A filter that spends {@value #SLEEP_MILLIS} ms on {@code /filtered}, standing in for an
 * authentication or logging filter that calls out to something slow.
 */
@Configuration(proxyBeanMethods = false)
class SlowFilterConfiguration {

	static final long SLEEP_MILLIS = 150;

	@Bean
	FilterRegistrationBean<Filter> slowFilter() {
		FilterRegistrationBean<Filter> registration = new FilterRegistrationBean<>((request, response, chain) -> {
			try {
				Thread.sleep(SLEEP_MILLIS);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
			chain.doFilter(request, response);
		});
		registration.addUrlPatterns("/filtered");
		registration.setName("slowFilter");
		return registration;
	}

}
