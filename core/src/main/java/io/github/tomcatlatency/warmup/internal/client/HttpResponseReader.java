package io.github.tomcatlatency.warmup.internal.client;

import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.net.ProtocolException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

import org.jspecify.annotations.Nullable;

/**
 * Reads one HTTP/1.1 response from a stream: its status line and headers, then its body,
 * whatever its framing (a length, chunks, or the end of the connection), up to a limit.
 * The warm-up needs the status, a header and the end of the body, nothing of its content.
 */
final class HttpResponseReader {

	// Longer lines than this are not a response of Tomcat's.
	private static final int MAX_LINE = 16 * 1024;

	private final InputStream in;

	private final int status;

	private final Map<String, String> headers;

	private HttpResponseReader(InputStream in, int status, Map<String, String> headers) {
		this.in = in;
		this.status = status;
		this.headers = headers;
	}

	/**
	 * Read a response's status line and headers, past any interim (1xx) response.
	 * @param in the connection's input
	 * @return the response, its body still to read
	 * @throws IOException if the connection fails or the response is not HTTP/1.x
	 */
	static HttpResponseReader read(InputStream in) throws IOException {
		while (true) {
			String statusLine = line(in);
			String[] parts = statusLine.split(" ", 3);
			if (parts.length < 2 || !parts[0].startsWith("HTTP/1.")) {
				throw new ProtocolException("Not an HTTP/1.x status line: " + statusLine);
			}
			int status = parseStatus(parts[1]);
			Map<String, String> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
			for (String line = line(in); !line.isEmpty(); line = line(in)) {
				int colon = line.indexOf(':');
				if (colon > 0) {
					headers.putIfAbsent(line.substring(0, colon).trim(), line.substring(colon + 1).trim());
				}
			}
			if (status >= 200 || status == 101) {
				return new HttpResponseReader(in, status, headers);
			}
		}
	}

	int status() {
		return this.status;
	}

	@Nullable String header(String name) {
		return this.headers.get(name);
	}

	/**
	 * Read the body to its end, unless it is longer than the limit.
	 * @param hasBody whether the response has a body: not for {@code HEAD}, 204 and 304
	 * @param limit the most bytes to read
	 * @return {@code true} if the body was read to its end, {@code false} if it is longer
	 * than the limit
	 * @throws IOException if the connection fails or ends before the body
	 */
	boolean readBody(boolean hasBody, long limit) throws IOException {
		if (!hasBody || this.status == 204 || this.status == 304) {
			return true;
		}
		String transferEncoding = header("Transfer-Encoding");
		if (transferEncoding != null && transferEncoding.toLowerCase(Locale.ROOT).contains("chunked")) {
			return readChunks(limit);
		}
		String contentLength = header("Content-Length");
		if (contentLength != null) {
			long length = parseLength(contentLength);
			skipFully(Math.min(length, limit));
			return length <= limit;
		}
		// Delimited by the end of the connection.
		return skipUpTo(limit) < limit || this.in.read() == -1;
	}

	private boolean readChunks(long limit) throws IOException {
		long read = 0;
		while (true) {
			String sizeLine = line(this.in);
			int extension = sizeLine.indexOf(';');
			long size = parseChunkSize((extension >= 0) ? sizeLine.substring(0, extension) : sizeLine);
			if (size == 0) {
				// Trailers, then the empty line that ends the body.
				while (!line(this.in).isEmpty()) {
					// Nothing of them is needed.
				}
				return true;
			}
			if (read + size > limit) {
				return false;
			}
			skipFully(size);
			read += size;
			line(this.in);
		}
	}

	private void skipFully(long count) throws IOException {
		long skipped = skipUpTo(count);
		if (skipped < count) {
			throw new EOFException("The connection ended " + (count - skipped) + " bytes before the end of the body");
		}
	}

	/**
	 * Skip bytes of the body, up to the end of the connection.
	 * @param count how many at most
	 * @return how many were skipped: fewer when the connection ended before
	 */
	private long skipUpTo(long count) throws IOException {
		byte[] buffer = new byte[8192];
		long skipped = 0;
		while (skipped < count) {
			int read = this.in.read(buffer, 0, (int) Math.min(buffer.length, count - skipped));
			if (read == -1) {
				break;
			}
			skipped += read;
		}
		return skipped;
	}

	private static String line(InputStream in) throws IOException {
		ByteArrayOutputStream line = new ByteArrayOutputStream(64);
		for (int b = in.read(); b != '\n'; b = in.read()) {
			if (b == -1) {
				throw new EOFException("The connection ended before the end of the response's head");
			}
			if (line.size() >= MAX_LINE) {
				throw new ProtocolException("A line of the response is longer than " + MAX_LINE + " bytes");
			}
			line.write(b);
		}
		String text = line.toString(StandardCharsets.ISO_8859_1);
		return text.endsWith("\r") ? text.substring(0, text.length() - 1) : text;
	}

	private static int parseStatus(String status) throws ProtocolException {
		try {
			return Integer.parseInt(status);
		}
		catch (NumberFormatException ex) {
			throw new ProtocolException("Not a status: " + status);
		}
	}

	private static long parseLength(String length) throws ProtocolException {
		try {
			return Long.parseLong(length);
		}
		catch (NumberFormatException ex) {
			throw new ProtocolException("Not a content length: " + length);
		}
	}

	private static long parseChunkSize(String size) throws ProtocolException {
		try {
			return Long.parseLong(size.trim(), 16);
		}
		catch (NumberFormatException ex) {
			throw new ProtocolException("Not a chunk size: " + size);
		}
	}

}
