package io.github.tomcatlatency.warmup.internal.client;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import com.sun.net.httpserver.HttpServer;
import io.github.tomcatlatency.warmup.internal.access.WarmupRequestMarker;

/**
 * The JDK's own HTTP server on loopback, for the warm-up's client: it records each
 * request it receives and answers as each path's handler says.
 */
public final class PlainHttpServer implements AutoCloseable {

	private final HttpServer server;

	private final List<Received> received = new CopyOnWriteArrayList<>();

	private final Map<String, AtomicInteger> hits = new ConcurrentHashMap<>();

	private PlainHttpServer(HttpServer server) {
		this.server = server;
	}

	/**
	 * Start a server on a free port of the loopback address.
	 * @return the server
	 */
	public static PlainHttpServer start() {
		try {
			HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
			server.setExecutor(Executors.newCachedThreadPool());
			server.start();
			return new PlainHttpServer(server);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * Return a port nothing listens on.
	 * @return the port
	 */
	public static int freePort() {
		try (ServerSocket socket = new ServerSocket(0)) {
			return socket.getLocalPort();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * Answer requests to the path, and those below it, with the handler.
	 * @param path the path
	 * @param handler the handler
	 * @return this server
	 */
	public PlainHttpServer route(String path, HttpHandler handler) {
		this.server.createContext(path, (exchange) -> {
			byte[] body = exchange.getRequestBody().readAllBytes();
			this.received.add(new Received(exchange.getRequestMethod(), exchange.getRequestURI().toString(),
					exchange.getRequestHeaders().getFirst(WarmupRequestMarker.HEADER),
					exchange.getRequestHeaders().getFirst("Accept"),
					exchange.getRequestHeaders().getFirst("Authorization"),
					exchange.getRequestHeaders().getFirst("X-Test"), new String(body, StandardCharsets.UTF_8)));
			this.hits.computeIfAbsent(exchange.getRequestURI().getPath(), (key) -> new AtomicInteger())
				.incrementAndGet();
			handler.handle(exchange);
		});
		return this;
	}

	/**
	 * Answer requests to the path with the status and a short body.
	 * @param path the path
	 * @param status the status
	 * @return this server
	 */
	public PlainHttpServer status(String path, int status) {
		return route(path, (exchange) -> answer(exchange, status, "answer"));
	}

	public URI uri() {
		return URI.create("http://127.0.0.1:" + this.server.getAddress().getPort());
	}

	List<Received> received() {
		return this.received;
	}

	int hits(String path) {
		AtomicInteger count = this.hits.get(path);
		return (count != null) ? count.get() : 0;
	}

	public static void answer(HttpExchange exchange, int status, String body) throws IOException {
		byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
		exchange.sendResponseHeaders(status, (bytes.length > 0) ? bytes.length : -1);
		try (OutputStream out = exchange.getResponseBody()) {
			out.write(bytes);
		}
	}

	@Override
	public void close() {
		this.server.stop(0);
	}

	/**
	 * A request as the server received it.
	 *
	 * @param method its method
	 * @param uri its path and query
	 * @param token the warm-up's header
	 * @param accept the Accept header
	 * @param authorization the Authorization header
	 * @param test a header of the test's
	 * @param body its body
	 */
	record Received(String method, String uri, String token, String accept, String authorization, String test,
			String body) {

	}

}
