package io.github.tomcatlatency.warmup.internal.task.security;

import java.util.UUID;

import io.github.tomcatlatency.warmup.internal.task.WarmupTask;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.util.ClassUtils;

/**
 * Hashes and checks a random password with the application's {@link PasswordEncoder} when
 * it is one of Spring Security's: the first authentication otherwise runs BCrypt (or
 * another deliberately slow hash) cold, once for the password and once more for the dummy
 * hash that protects against timing attacks. No user is looked up and no credential is
 * read; an encoder of the application's own is left alone.
 */
public final class PasswordEncoderWarmup implements WarmupTask {

	private static final String SPRING_SECURITY_CRYPTO = "org.springframework.security.crypto.";

	private final ObjectProvider<PasswordEncoder> encoders;

	/**
	 * Create a task.
	 * @param encoders the application's password encoders
	 */
	public PasswordEncoderWarmup(ObjectProvider<PasswordEncoder> encoders) {
		this.encoders = encoders;
	}

	@Override
	public String name() {
		return "password-encoder";
	}

	@Override
	public void run() {
		PasswordEncoder encoder = this.encoders.getIfUnique();
		if (encoder == null || !ClassUtils.getUserClass(encoder).getName().startsWith(SPRING_SECURITY_CRYPTO)) {
			return;
		}
		String password = UUID.randomUUID().toString();
		encoder.matches(password, encoder.encode(password));
	}

}
