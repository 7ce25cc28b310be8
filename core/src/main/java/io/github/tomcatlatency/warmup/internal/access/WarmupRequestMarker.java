package io.github.tomcatlatency.warmup.internal.access;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.tomcatlatency.phase.internal.RequestExclusion;
import jakarta.servlet.http.HttpServletRequest;
import org.apache.catalina.connector.Request;
import org.apache.coyote.ActionCode;
import org.apache.tomcat.util.buf.MessageBytes;
import org.jspecify.annotations.Nullable;

import org.springframework.web.context.request.RequestAttributes;
import org.springframework.web.context.request.RequestContextHolder;
import org.springframework.web.context.request.ServletRequestAttributes;

/**
 * Marks warm-up requests with a header carrying a random token, so that metrics can leave
 * them out and nobody outside the process can forge one. The token the requests before
 * readiness carry is {@link #renew() replaced} when the application becomes ready: the
 * requests sent after it carry one of their own, which ends with them. Checks cost one
 * volatile read while no warm-up runs.
 * <p>
 * The application never sees the token: Tomcat's engine {@link #claim(Request) takes the
 * header off} a request before any of the application's filters, servlets or request logs
 * read it, and leaves a request attribute in its place whose value is no secret. Where
 * the token is read, the request must also come from this host, as the connection's own
 * peer address says: never the address a forwarded header gives (Tomcat's
 * {@code RemoteIpValve} or Spring's {@code ForwardedHeaderFilter} may have applied one
 * before the application reads it).
 */
public final class WarmupRequestMarker implements RequestExclusion {

	/**
	 * Name of the header that carries the token.
	 */
	public static final String HEADER = "X-Tomcat-Latency-Warmup";

	/**
	 * Name of the request attribute that marks a warm-up request once its header is taken
	 * off.
	 */
	public static final String ATTRIBUTE = WarmupRequestMarker.class.getName();

	private volatile Token token = new Token();

	// Still recognized, never let through: the server may finish logging a request
	// after the warm-up has read its response.
	private volatile Token previous = this.token;

	private volatile boolean active;

	private volatile boolean ended;

	// Set once what waits for the end has run.
	private volatile boolean finished;

	// The requests claimed that the server has not completed yet.
	private final AtomicInteger onServer = new AtomicInteger();

	private final List<Runnable> whenFinished = new CopyOnWriteArrayList<>();

	/**
	 * Return the token that marks warm-up requests.
	 * @return the header value
	 */
	public String token() {
		return this.token.value();
	}

	/**
	 * Replace the token: requests that carry the previous one are no longer let through
	 * to the warm-up's routes.
	 */
	public void renew() {
		this.previous = this.token;
		this.token = new Token();
	}

	public void setActive(boolean active) {
		this.active = active;
	}

	/**
	 * Return whether the request is one the running warm-up sent: it carries the token
	 * and the warm-up is still sending requests.
	 * @param request the servlet request
	 * @return {@code true} for a request of the running warm-up
	 */
	public boolean isRunningWarmupRequest(HttpServletRequest request) {
		return this.active && request.getAttribute(ATTRIBUTE) == this.token.mark();
	}

	/**
	 * Return whether the request carries a warm-up token, the current or the one it
	 * replaced, even if the warm-up has just ended: the server may finish a warm-up
	 * request after the warm-up has read its response.
	 * @param request the servlet request
	 * @return {@code true} for a request sent by the warm-up
	 */
	public boolean carriesToken(HttpServletRequest request) {
		Object mark = request.getAttribute(ATTRIBUTE);
		return mark != null && (mark == this.token.mark() || mark == this.previous.mark());
	}

	/**
	 * Return the request the current thread serves when it {@link #carriesToken carries a
	 * warm-up token}: what a listener of the application's transactions, called on that
	 * thread, asks.
	 * @return the warm-up request, or {@code null} when the thread serves none
	 */
	public @Nullable HttpServletRequest currentWarmupRequest() {
		RequestAttributes attributes = RequestContextHolder.getRequestAttributes();
		return (attributes instanceof ServletRequestAttributes servletAttributes
				&& carriesToken(servletAttributes.getRequest())) ? servletAttributes.getRequest() : null;
	}

	/**
	 * Take the warm-up's header off a request from this host that carries the current
	 * token or the one it replaced, marking it with the request attribute instead: called
	 * by Tomcat's engine before the application sees the request. A header with another
	 * value, or from another host, is left as it came, for the application.
	 * @param request the request
	 * @return whether the request was claimed: {@link #completed()} must then be called
	 * once the server has completed it
	 */
	public boolean claim(Request request) {
		if (!this.active) {
			return false;
		}
		org.apache.coyote.Request coyoteRequest = request.getCoyoteRequest();
		Token token = sentToken(coyoteRequest);
		if (token == null) {
			return false;
		}
		// Counted before it is marked: whoever reads that none is left on the server
		// reads it before its observation can stop.
		this.onServer.incrementAndGet();
		coyoteRequest.getMimeHeaders().removeHeader(HEADER);
		request.setAttribute(ATTRIBUTE, token.mark());
		return true;
	}

	/**
	 * Record that the server has completed a request it {@link #claim claimed}, its
	 * observation recorded: after the warm-up has ended, what waits for the end runs
	 * again, on the calling thread, for what that request recorded.
	 */
	public void completed() {
		// Before it no longer counts: once none does, what waits for the end has run
		// after each of them.
		if (this.ended) {
			runWhenFinished();
		}
		this.onServer.decrementAndGet();
	}

	/**
	 * Return the token a request from this host carries, the current one or the one it
	 * replaced.
	 * @param request the request
	 * @return the token, {@code null} for any other request
	 */
	private @Nullable Token sentToken(org.apache.coyote.Request request) {
		MessageBytes value = request.getMimeHeaders().getValue(HEADER);
		if (value == null) {
			return null;
		}
		byte[] sent = value.toString().getBytes(StandardCharsets.UTF_8);
		Token current = this.token;
		Token replaced = this.previous;
		Token token = current.matches(sent) ? current : (replaced.matches(sent) ? replaced : null);
		// The address last: a request that carries no token is never asked for it.
		return (token != null && fromThisHost(request)) ? token : null;
	}

	/**
	 * Return whether a request comes from this host: its connection's peer is a loopback
	 * address, or the address it connected to (a server bound to one address that is not
	 * loopback, which the warm-up sends to). The connection's addresses, never the remote
	 * address the application reads, which a proxy's forwarded header may have replaced.
	 * @param request the request
	 * @return {@code true} for a request the warm-up may have sent
	 */
	private static boolean fromThisHost(org.apache.coyote.Request request) {
		request.action(ActionCode.REQ_PEER_ADDR_ATTRIBUTE, request);
		String peer = request.peerAddr().toString();
		if (peer == null) {
			return false;
		}
		if (peer.startsWith("127.") || peer.equals("::1") || peer.equals("0:0:0:0:0:0:0:1")
				|| peer.startsWith("::ffff:127.")) {
			return true;
		}
		request.action(ActionCode.REQ_LOCAL_ADDR_ATTRIBUTE, request);
		return peer.equals(request.localAddr().toString());
	}

	/**
	 * Run an action once the warm-up has ended, its requests after readiness included,
	 * and again whenever the server completes one of its requests after that: the server
	 * may finish a request after the warm-up has read its response.
	 * @param action the action, run on the thread that ends the warm-up, or on the server
	 * thread that completes such a request; it contains what it throws
	 */
	public void whenFinished(Runnable action) {
		this.whenFinished.add(action);
	}

	/**
	 * Called once the warm-up has ended, whether it sent requests or not.
	 */
	public void finish() {
		this.ended = true;
		runWhenFinished();
		this.finished = true;
	}

	private void runWhenFinished() {
		this.whenFinished.forEach(Runnable::run);
	}

	/**
	 * Return whether the warm-up has ended, its requests after readiness included, and
	 * the server has completed each of its requests: none of them is observed any more.
	 * @return {@code true} once it has ended and left nothing on the server
	 */
	public boolean isFinished() {
		return this.finished && this.onServer.get() == 0;
	}

	@Override
	public boolean excludes(org.apache.coyote.Request request) {
		return this.active && sentToken(request) != null;
	}

	/**
	 * A token and the mark its requests carry as their attribute: an object of its own,
	 * which says nothing of the token.
	 */
	private record Token(String value, byte[] bytes, Object mark) {

		Token() {
			this(UUID.randomUUID().toString());
		}

		private Token(String value) {
			this(value, value.getBytes(StandardCharsets.UTF_8), new Object());
		}

		boolean matches(byte[] sent) {
			// In constant time, wherever the token is compared: it opens the
			// warm-up's routes behind the application's security.
			return MessageDigest.isEqual(this.bytes, sent);
		}

		@Override
		public String toString() {
			return "Token";
		}

	}

}
