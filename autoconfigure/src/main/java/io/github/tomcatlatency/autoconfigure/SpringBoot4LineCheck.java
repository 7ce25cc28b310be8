package io.github.tomcatlatency.autoconfigure;

/**
 * Fails fast when this starter, the one for Spring Boot 4, runs on another line.
 */
final class SpringBoot4LineCheck extends SpringBootLineCheck {

	SpringBoot4LineCheck() {
		super(SpringBootLine.BOOT_4);
	}

}
