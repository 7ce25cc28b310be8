package io.github.tomcatlatency.warmup;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.UUID;

import io.github.tomcatlatency.phase.RequestExclusion;
import jakarta.servlet.http.HttpServletRequest;
import org.apache.tomcat.util.buf.MessageBytes;

/**
 * Marks warm-up requests with a header carrying a random token generated at start-up, so
 * that metrics can leave them out and nobody outside the process can forge one. Checks
 * cost one volatile read while no warm-up runs.
 */
public final class WarmupRequestMarker implements RequestExclusion {

	/**
	 * Name of the header that carries the token.
	 */
	public static final String HEADER = "X-Tomcat-Latency-Warmup";

	private final String token = UUID.randomUUID().toString();

	private final byte[] tokenBytes = this.token.getBytes(StandardCharsets.UTF_8);

	private volatile boolean active;

	private volatile boolean finished;

	/**
	 * Return the token that marks warm-up requests.
	 * @return the header value
	 */
	String token() {
		return this.token;
	}

	void setActive(boolean active) {
		this.active = active;
	}

	/**
	 * Return whether the request is one the running warm-up sent: it carries the token
	 * and the warm-up is still sending requests.
	 * @param request the servlet request
	 * @return {@code true} for a request of the running warm-up
	 */
	public boolean isRunningWarmupRequest(HttpServletRequest request) {
		return this.active && carriesToken(request);
	}

	/**
	 * Return whether the request carries the warm-up token, even if the warm-up has just
	 * ended: the server may finish a warm-up request after the warm-up has read its
	 * response.
	 * @param request the servlet request
	 * @return {@code true} for a request sent by the warm-up
	 */
	public boolean carriesToken(HttpServletRequest request) {
		String value = request.getHeader(HEADER);
		// In constant time: the token opens the warm-up's routes behind the
		// application's security.
		return value != null && MessageDigest.isEqual(this.tokenBytes, value.getBytes(StandardCharsets.UTF_8));
	}

	/**
	 * Called once the warm-up has ended, whether it sent requests or not.
	 */
	void finish() {
		this.finished = true;
	}

	boolean isFinished() {
		return this.finished;
	}

	@Override
	public boolean excludes(org.apache.coyote.Request request) {
		if (!this.active) {
			return false;
		}
		// MessageBytes compares in place: no String is created for the header.
		MessageBytes value = request.getMimeHeaders().getValue(HEADER);
		return value != null && value.equals(this.token);
	}

}
