package io.github.tomcatlatency.autoconfigure.adapter;

import io.github.tomcatlatency.autoconfigure.internal.SpringBootLine;
import io.github.tomcatlatency.autoconfigure.internal.SpringBootLineCheck;

/**
 * Fails fast when this starter, the one for Spring Boot 3.5, runs on another line.
 */
final class SpringBoot3LineCheck extends SpringBootLineCheck {

	SpringBoot3LineCheck() {
		super(SpringBootLine.BOOT_3);
	}

}
