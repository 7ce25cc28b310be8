package io.github.tomcatlatency.warmup;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;

import io.github.tomcatlatency.phase.RequestExclusion;
import jakarta.servlet.http.HttpServletRequest;
import org.apache.tomcat.util.buf.MessageBytes;

/**
 * Marks warm-up requests with a header carrying a random token, so that metrics can leave
 * them out and nobody outside the process can forge one. The token the requests before
 * readiness carry is {@link #renew() replaced} when the application becomes ready: the
 * requests sent after it carry one of their own, which ends with them. Checks cost one
 * volatile read while no warm-up runs.
 */
public final class WarmupRequestMarker implements RequestExclusion {

	/**
	 * Name of the header that carries the token.
	 */
	public static final String HEADER = "X-Tomcat-Latency-Warmup";

	private volatile Token token = new Token();

	// Still recognized, never let through: the server may finish logging a request
	// after the warm-up has read its response.
	private volatile Token previous = this.token;

	private volatile boolean active;

	private volatile boolean finished;

	private final List<Runnable> whenFinished = new CopyOnWriteArrayList<>();

	/**
	 * Return the token that marks warm-up requests.
	 * @return the header value
	 */
	String token() {
		return this.token.value();
	}

	/**
	 * Replace the token: requests that carry the previous one are no longer let through
	 * to the warm-up's routes.
	 */
	void renew() {
		this.previous = this.token;
		this.token = new Token();
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
		// The address last: a request that carries no token is never asked for it.
		return this.active && this.token.isIn(request) && fromThisHost(request);
	}

	/**
	 * Return whether a request comes from this host: over loopback, or from the address
	 * it was sent to (a server bound to one address that is not loopback). A proxy's
	 * forwarded address, where the application trusts it, counts as the client's.
	 * @param request the servlet request
	 * @return {@code true} for a request the warm-up may have sent
	 */
	private static boolean fromThisHost(HttpServletRequest request) {
		String remote = request.getRemoteAddr();
		if (remote == null) {
			return false;
		}
		// Read as text: a forwarded address may be anything, and no name is looked up.
		return remote.equals(request.getLocalAddr()) || remote.startsWith("127.") || remote.equals("::1")
				|| remote.equals("0:0:0:0:0:0:0:1") || remote.startsWith("::ffff:127.");
	}

	/**
	 * Return whether the request carries a warm-up token, the current or the one it
	 * replaced, even if the warm-up has just ended: the server may finish a warm-up
	 * request after the warm-up has read its response.
	 * @param request the servlet request
	 * @return {@code true} for a request sent by the warm-up
	 */
	public boolean carriesToken(HttpServletRequest request) {
		return this.token.isIn(request) || this.previous.isIn(request);
	}

	/**
	 * Run an action once the warm-up has ended, its requests after readiness included.
	 * @param action the action, run on the thread that ends the warm-up
	 */
	public void whenFinished(Runnable action) {
		this.whenFinished.add(action);
	}

	/**
	 * Called once the warm-up has ended, whether it sent requests or not.
	 */
	void finish() {
		this.finished = true;
		this.whenFinished.forEach(Runnable::run);
	}

	/**
	 * Return whether the warm-up has ended, its requests after readiness included.
	 * @return {@code true} once it has ended
	 */
	public boolean isFinished() {
		return this.finished;
	}

	@Override
	public boolean excludes(org.apache.coyote.Request request) {
		if (!this.active) {
			return false;
		}
		// MessageBytes compares in place: no String is created for the header.
		MessageBytes value = request.getMimeHeaders().getValue(HEADER);
		return value != null && (value.equals(this.token.value()) || value.equals(this.previous.value()));
	}

	private record Token(String value, byte[] bytes) {

		Token() {
			this(UUID.randomUUID().toString());
		}

		private Token(String value) {
			this(value, value.getBytes(StandardCharsets.UTF_8));
		}

		boolean isIn(HttpServletRequest request) {
			String header = request.getHeader(HEADER);
			// In constant time: the token opens the warm-up's routes behind the
			// application's security.
			return header != null && MessageDigest.isEqual(this.bytes, header.getBytes(StandardCharsets.UTF_8));
		}

	}

}
