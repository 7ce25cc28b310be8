package io.github.tomcatlatency.warmup.internal;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Authenticator;
import java.net.ConnectException;
import java.net.HttpURLConnection;
import java.net.Proxy;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse.BodyHandlers;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.function.Supplier;

import javax.net.ssl.HttpsURLConnection;

import io.github.tomcatlatency.warmup.WarmupRequest;
import io.github.tomcatlatency.warmup.WarmupResult.Outcome;
import io.github.tomcatlatency.warmup.WarmupResult.RequestResult;
import org.jspecify.annotations.Nullable;

import org.springframework.http.HttpHeaders;

/**
 * Sends one warm-up request to the server and tells what came of it: never through a
 * proxy, never with credentials the request does not carry, never following a redirect,
 * the response read to its end (so that the connection is reused) unless it ends past the
 * request's timeout or is larger than {@value #MAX_BODY} bytes.
 */
final class WarmupClient {

	/**
	 * The most of a response body the warm-up reads: its handler has run by then.
	 */
	static final long MAX_BODY = 16 * 1024 * 1024;

	private static final Authenticator NO_CREDENTIALS = new Authenticator() {
	};

	private final URI server;

	private final @Nullable ServerCertificates tls;

	private final Supplier<String> token;

	private @Nullable HttpClient patchClient;

	/**
	 * Create a client.
	 * @param server where the servlet context is
	 * @param token the warm-up's token, sent in the {@link WarmupRequestMarker#HEADER}
	 */
	WarmupClient(LoopbackServer server, Supplier<String> token) {
		this.server = server.uri();
		this.tls = server.tls();
		this.token = token;
	}

	URI server() {
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
		byte[] body = (request.body() != null) ? request.body().getBytes(StandardCharsets.UTF_8) : null;
		if ("PATCH".equals(request.method())) {
			return sendPatch(request, timeout, body, start);
		}
		HttpURLConnection connection;
		try {
			connection = connect(request, timeout, body);
		}
		catch (ConnectException | SocketTimeoutException ex) {
			return new Sent(result(request, start, null, describe(ex)), true);
		}
		catch (IOException | RuntimeException ex) {
			return new Sent(result(request, start, null, describe(ex)), false);
		}
		try {
			if (body != null) {
				try (OutputStream out = connection.getOutputStream()) {
					out.write(body);
				}
			}
			int status = connection.getResponseCode();
			try (InputStream response = (status < 400) ? connection.getInputStream() : connection.getErrorStream()) {
				if (response != null && !readToTheEnd(response, start + timeout.toNanos())) {
					// A body that streams on, or a large one: the handler has run.
					connection.disconnect();
				}
			}
			RequestResult result = result(request, start, status, null);
			if (result.outcome() == Outcome.WARMED && forStartersRoute(request)
					&& connection.getHeaderField(WarmupHandlerMapping.REACHED_HEADER) == null) {
				result = new RequestResult(result.origin(), result.method(), result.path(), status, result.latencyMs(),
						"answered by something other than the starter's warm-up route "
								+ "(the DispatcherServlet is not mapped where the warm-up sent it)",
						Outcome.NOT_WARMED);
			}
			return new Sent(result, false);
		}
		catch (SocketTimeoutException ex) {
			connection.disconnect();
			return new Sent(result(request, start, null, timedOut(timeout)), false);
		}
		catch (IOException | RuntimeException ex) {
			connection.disconnect();
			return new Sent(result(request, start, null, describe(ex)), false);
		}
	}

	// A PATCH, which HttpURLConnection refuses, goes through the JDK's HTTP client:
	// built for the first such request only, as it costs more to start than a warm-up
	// request.
	private Sent sendPatch(WarmupRequest request, Duration timeout, byte @Nullable [] body, long start) {
		HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(this.server + request.path()))
			.timeout(timeout)
			.method(request.method(), (body != null) ? BodyPublishers.ofByteArray(body) : BodyPublishers.noBody())
			.header(HttpHeaders.ACCEPT, "*/*")
			.header(WarmupRequestMarker.HEADER, this.token.get());
		try {
			request.headers().forEach(builder::setHeader);
			int status = patchClient(timeout).send(builder.build(), BodyHandlers.discarding()).statusCode();
			return new Sent(result(request, start, status, null), false);
		}
		catch (ConnectException ex) {
			return new Sent(result(request, start, null, describe(ex)), true);
		}
		catch (HttpTimeoutException ex) {
			return new Sent(result(request, start, null, timedOut(timeout)), false);
		}
		catch (IOException | RuntimeException ex) {
			return new Sent(result(request, start, null, describe(ex)), false);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return new Sent(result(request, start, null, describe(ex)), false);
		}
	}

	/**
	 * Read a response to its end, so that the connection can be reused, unless it takes
	 * past the request's deadline (a stream that never ends sends a byte now and then,
	 * which no read timeout catches) or is larger than {@value #MAX_BODY} bytes.
	 * @param response the response body
	 * @param deadline when the request must have ended, in {@link System#nanoTime()}
	 * @return {@code true} if it was read to its end, {@code false} if it was too large
	 * @throws SocketTimeoutException past the deadline
	 */
	private static boolean readToTheEnd(InputStream response, long deadline) throws IOException {
		byte[] buffer = new byte[8192];
		long read = 0;
		for (int count = response.read(buffer); count != -1; count = response.read(buffer)) {
			read += count;
			if (System.nanoTime() - deadline >= 0) {
				throw new SocketTimeoutException("the response did not end in time");
			}
			if (read > MAX_BODY) {
				return false;
			}
		}
		return true;
	}

	private synchronized HttpClient patchClient(Duration timeout) {
		if (this.patchClient == null) {
			// Never through a proxy, never with credentials: as for every other request.
			HttpClient.Builder builder = HttpClient.newBuilder()
				.proxy(HttpClient.Builder.NO_PROXY)
				.connectTimeout(timeout)
				.followRedirects(HttpClient.Redirect.NEVER);
			if (this.tls != null) {
				builder.sslContext(this.tls.context());
			}
			this.patchClient = builder.build();
		}
		return this.patchClient;
	}

	private HttpURLConnection connect(WarmupRequest request, Duration timeout, byte @Nullable [] body)
			throws IOException {
		int millis = (int) Math.max(1, Math.min(Integer.MAX_VALUE, timeout.toMillis()));
		// HttpURLConnection: java.net.http's client loads and starts more before its
		// first request than a warm-up request costs.
		HttpURLConnection connection = (HttpURLConnection) URI.create(this.server + request.path())
			.toURL()
			.openConnection(Proxy.NO_PROXY);
		if (this.tls != null && connection instanceof HttpsURLConnection https) {
			https.setSSLSocketFactory(this.tls.context().getSocketFactory());
			https.setHostnameVerifier(this.tls);
		}
		connection.setConnectTimeout(millis);
		connection.setReadTimeout(millis);
		connection.setInstanceFollowRedirects(false);
		connection.setUseCaches(false);
		// Never the application's credentials: such a route answers 401.
		connection.setAuthenticator(NO_CREDENTIALS);
		connection.setRequestMethod(request.method());
		// Without it HttpURLConnection would ask for HTML first.
		connection.setRequestProperty(HttpHeaders.ACCEPT, "*/*");
		connection.setRequestProperty(WarmupRequestMarker.HEADER, this.token.get());
		request.headers().forEach(connection::setRequestProperty);
		if (body != null) {
			connection.setDoOutput(true);
			connection.setFixedLengthStreamingMode(body.length);
		}
		connection.connect();
		return connection;
	}

	// A built-in request to one of the starter's routes, which answer with the reached
	// header; the not-found route's answer is the application's error page.
	private static boolean forStartersRoute(WarmupRequest request) {
		return request.origin() == WarmupRequest.Origin.BUILT_IN
				&& request.path().contains(WarmupHandlerMapping.PATH_PREFIX + "/")
				&& !WarmupHandlerMapping.asksForNotFound(request.path());
	}

	private static String timedOut(Duration timeout) {
		return "Timed out after " + timeout.toMillis() + " ms (tomcat-latency.warmup.request-timeout)";
	}

	private static RequestResult result(WarmupRequest request, long start, @Nullable Integer status,
			@Nullable String error) {
		return new RequestResult(request.origin(), request.method(), request.path(), status,
				WarmupResults.millis(System.nanoTime() - start), error);
	}

	static String describe(Throwable ex) {
		return (ex.getMessage() != null) ? ex.getClass().getSimpleName() + ": " + ex.getMessage()
				: ex.getClass().getSimpleName();
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
