package io.github.tomcatlatency.autoconfigure.adapter;

import io.github.tomcatlatency.autoconfigure.internal.SpringBootLine;
import io.github.tomcatlatency.autoconfigure.internal.SpringBootLineCheck;

/**
 * Fails fast when this starter, the one for Spring Boot 4, runs on another line.
 */
final class SpringBoot4LineCheck extends SpringBootLineCheck {

	SpringBoot4LineCheck() {
		super(SpringBootLine.BOOT_4);
	}

}
