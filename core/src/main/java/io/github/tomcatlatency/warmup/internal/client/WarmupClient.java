package io.github.tomcatlatency.warmup.internal.client;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Proxy;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

import javax.net.ssl.SSLPeerUnverifiedException;
import javax.net.ssl.SSLSocket;

import io.github.tomcatlatency.internal.Failures;
import io.github.tomcatlatency.internal.Milliseconds;
import io.github.tomcatlatency.warmup.WarmupRequest;
import io.github.tomcatlatency.warmup.WarmupResult.Outcome;
import io.github.tomcatlatency.warmup.WarmupResult.RequestResult;
import io.github.tomcatlatency.warmup.internal.access.WarmupRequestMarker;
import io.github.tomcatlatency.warmup.internal.routes.WarmupRoutes;
import org.jspecify.annotations.Nullable;

import org.springframework.http.HttpHeaders;

/**
 * Sends one warm-up request to the server and tells what came of it, over a connection of
 * its own that it closes at the end: HTTP/1.1 straight to the server's address, never
 * through a proxy, never with credentials the request does not carry, never following a
 * redirect, the response read to its end unless it is larger than {@value #MAX_BODY}
 * bytes. Its own connection bounds it: each read waits only for the time the request has
 * left, whatever the method, and {@link #abandon()} closes every connection on its way,
 * which ends a read that blocks.
 */
public final class WarmupClient {

	/**
	 * The most of a response body the warm-up reads: its handler has run by then.
	 */
	static final long MAX_BODY = 16 * 1024 * 1024;

	private final URI server;

	private final @Nullable ServerCertificates tls;

	private final Supplier<String> token;

	private final Set<Socket> onTheirWay = ConcurrentHashMap.newKeySet();

	/**
	 * Create a client.
	 * @param server where the servlet context is
	 * @param token the warm-up's token, sent in the {@link WarmupRequestMarker#HEADER}
	 */
	public WarmupClient(LoopbackServer server, Supplier<String> token) {
		this.server = server.uri();
		this.tls = server.tls();
		this.token = token;
	}

	public URI server() {
		return this.server;
	}

	/**
	 * Send a request and wait for its answer.
	 * @param request the request
	 * @param timeout how long it may take, from connecting to the end of the response
	 * @return its result, and whether it showed that the server cannot be reached
	 */
	Sent send(WarmupRequest request, Duration timeout) {
		long start = System.nanoTime();
		long deadline = start + timeout.toNanos();
		byte[] head;
		byte[] body = (request.body() != null) ? request.body().getBytes(StandardCharsets.UTF_8) : null;
		try {
			head = head(request, body);
		}
		catch (IllegalArgumentException ex) {
			return new Sent(result(request, start, null, Failures.describe(ex)), false);
		}
		Socket socket;
		try {
			socket = connect(deadline);
		}
		catch (ConnectException | SocketTimeoutException ex) {
			return new Sent(result(request, start, null, Failures.describe(ex)), true);
		}
		catch (IOException | RuntimeException ex) {
			return new Sent(result(request, start, null, Failures.describe(ex)), false);
		}
		this.onTheirWay.add(socket);
		try (socket) {
			OutputStream out = new BufferedOutputStream(socket.getOutputStream());
			out.write(head);
			if (body != null) {
				out.write(body);
			}
			out.flush();
			HttpResponseReader response = HttpResponseReader
				.read(new BufferedInputStream(new DeadlineInputStream(socket, deadline)));
			// A body that streams on, or a large one: the handler has run.
			response.readBody(!"HEAD".equals(request.method()), MAX_BODY);
			RequestResult result = result(request, start, response.status(), null);
			if (result.outcome() == Outcome.WARMED && forStartersRoute(request)
					&& response.header(WarmupRoutes.REACHED_HEADER) == null) {
				result = new RequestResult(result.origin(), result.method(), result.path(), result.status(),
						result.latencyMs(),
						"answered by something other than the starter's warm-up route "
								+ "(the DispatcherServlet is not mapped where the warm-up sent it)",
						Outcome.NOT_WARMED);
			}
			return new Sent(result, false);
		}
		catch (IOException | RuntimeException ex) {
			// Past the deadline, whatever ended the read (its timeout, or the connection
			// closed as the warm-up was abandoned) ended it for want of time.
			boolean late = ex instanceof SocketTimeoutException || System.nanoTime() - deadline >= 0;
			return new Sent(result(request, start, null, late ? timedOut(timeout) : Failures.describe(ex)), false);
		}
		finally {
			this.onTheirWay.remove(socket);
		}
	}

	/**
	 * Close the connection of every request on its way, which then ends as failed: the
	 * warm-up is abandoned. Returns at once: closing a TLS connection may wait for a
	 * write, so the connections are closed on a thread of their own.
	 */
	public void abandon() {
		Thread closing = new Thread(() -> this.onTheirWay.forEach(WarmupClient::closeQuietly),
				"tomcat-latency-warmup-abandon");
		closing.setDaemon(true);
		closing.start();
	}

	private Socket connect(long deadline) throws IOException {
		String host = this.server.getHost();
		// An IPv6 literal stands in brackets in a URI, not in an address.
		InetSocketAddress address = new InetSocketAddress(
				host.startsWith("[") ? host.substring(1, host.length() - 1) : host, this.server.getPort());
		Socket socket = (this.tls != null) ? this.tls.context().getSocketFactory().createSocket()
				: new Socket(Proxy.NO_PROXY);
		try {
			socket.setTcpNoDelay(true);
			socket.connect(address, millisLeft(deadline));
			if (socket instanceof SSLSocket ssl && this.tls != null) {
				ssl.setSoTimeout(millisLeft(deadline));
				ssl.startHandshake();
				// Trusted only if it presents the server's own certificate.
				if (!this.tls.verify(host, ssl.getSession())) {
					throw new SSLPeerUnverifiedException("The server presented a certificate other than its own");
				}
			}
			return socket;
		}
		catch (IOException | RuntimeException ex) {
			closeQuietly(socket);
			throw ex;
		}
	}

	private byte[] head(WarmupRequest request, byte @Nullable [] body) {
		URI target = URI.create(this.server + request.path());
		String path = (target.getRawPath() == null || target.getRawPath().isEmpty()) ? "/" : target.getRawPath();
		String query = (target.getRawQuery() != null) ? "?" + target.getRawQuery() : "";
		// The request's own headers replace the defaults; the token and the framing are
		// the warm-up's.
		Map<String, String> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
		headers.put(HttpHeaders.ACCEPT, "*/*");
		headers.putAll(request.headers());
		headers.keySet()
			.removeIf((name) -> HttpHeaders.HOST.equalsIgnoreCase(name)
					|| HttpHeaders.CONTENT_LENGTH.equalsIgnoreCase(name)
					|| HttpHeaders.CONNECTION.equalsIgnoreCase(name)
					|| HttpHeaders.TRANSFER_ENCODING.equalsIgnoreCase(name));
		headers.put(WarmupRequestMarker.HEADER, this.token.get());
		Map<String, String> framing = new LinkedHashMap<>();
		framing.put(HttpHeaders.HOST, target.getRawAuthority());
		if (body != null) {
			framing.put(HttpHeaders.CONTENT_LENGTH, Integer.toString(body.length));
		}
		framing.put(HttpHeaders.CONNECTION, "close");
		StringBuilder head = new StringBuilder(request.method()).append(' ')
			.append(path)
			.append(query)
			.append(" HTTP/1.1\r\n");
		framing.forEach((name, value) -> appendHeader(head, name, value));
		headers.forEach((name, value) -> appendHeader(head, name, value));
		return head.append("\r\n").toString().getBytes(StandardCharsets.ISO_8859_1);
	}

	private static void appendHeader(StringBuilder head, String name, String value) {
		if (!isToken(name) || value.chars().anyMatch((c) -> c == '\r' || c == '\n' || c > 0xff)) {
			throw new IllegalArgumentException("Illegal header " + name);
		}
		head.append(name).append(": ").append(value).append("\r\n");
	}

	private static boolean isToken(String name) {
		return !name.isEmpty()
				&& name.chars().allMatch((c) -> c > 0x20 && c < 0x7f && "()<>@,;:\\\"/[]?={}".indexOf(c) < 0);
	}

	private static int millisLeft(long deadline) throws SocketTimeoutException {
		long left = deadline - System.nanoTime();
		if (left <= 0) {
			throw new SocketTimeoutException("the request's time is up");
		}
		// Rounded up: a timeout of 0 would wait forever.
		return (int) Math.min(Integer.MAX_VALUE, (left + 999_999) / 1_000_000);
	}

	private static void closeQuietly(Socket socket) {
		try {
			socket.close();
		}
		catch (IOException ex) {
			// Closed as far as it goes.
		}
	}

	// A built-in request to one of the starter's routes, which answer with the reached
	// header; the not-found route's answer is the application's error page.
	private static boolean forStartersRoute(WarmupRequest request) {
		return request.origin() == WarmupRequest.Origin.BUILT_IN
				&& request.path().contains(WarmupRoutes.PATH_PREFIX + "/")
				&& !WarmupRoutes.asksForNotFound(request.path());
	}

	private static String timedOut(Duration timeout) {
		return "Timed out after " + timeout.toMillis() + " ms (tomcat-latency.warmup.request-timeout)";
	}

	private static RequestResult result(WarmupRequest request, long start, @Nullable Integer status,
			@Nullable String error) {
		return new RequestResult(request.origin(), request.method(), request.path(), status,
				Milliseconds.of(System.nanoTime() - start), error);
	}

	/**
	 * A connection's input whose every read waits only for the time the request has left.
	 */
	private static final class DeadlineInputStream extends FilterInputStream {

		private final Socket socket;

		private final long deadline;

		DeadlineInputStream(Socket socket, long deadline) throws IOException {
			super(socket.getInputStream());
			this.socket = socket;
			this.deadline = deadline;
		}

		@Override
		public int read() throws IOException {
			this.socket.setSoTimeout(millisLeft(this.deadline));
			return super.read();
		}

		@Override
		public int read(byte[] buffer, int offset, int length) throws IOException {
			this.socket.setSoTimeout(millisLeft(this.deadline));
			return super.read(buffer, offset, length);
		}

	}

	/**
	 * A request's result, and whether it showed that the server cannot be reached.
	 *
	 * @param result the request's result
	 * @param unreachable whether the server could not be reached
	 */
	record Sent(RequestResult result, boolean unreachable) {

	}

}
