package io.github.tomcatlatency.phase.internal;

import java.util.List;
import java.util.function.Supplier;

import org.apache.catalina.connector.Request;
import org.apache.catalina.mapper.MappingData;
import org.apache.tomcat.util.buf.CharChunk;
import org.apache.tomcat.util.buf.MessageBytes;
import org.jspecify.annotations.Nullable;

/**
 * The one place that decides what a request {@link RequestCounting counts as}: dropped
 * when its path is one of the dropped paths (the actuator endpoints'), else prepared only
 * for a warm-up request or before the application is ready, else recorded. Asked once per
 * request, by {@link PhaseValve} when the first dispatch enters the container, so it
 * reads only what Tomcat has parsed and mapped by then, without allocating.
 */
public final class RequestClassifier {

	private final Supplier<List<String>> droppedPaths;

	private final RequestExclusion preparedOnly;

	private volatile @Nullable List<String> resolvedDroppedPaths;

	private volatile boolean ready;

	/**
	 * Create a classifier.
	 * @param droppedPaths the paths, relative to the servlet, whose requests are dropped
	 * together with the paths below them; resolved on the first request, after start-up
	 * @param preparedOnly tells the requests that only prepare the recorders even once
	 * the application is ready: the warm-up's
	 */
	public RequestClassifier(Supplier<List<String>> droppedPaths, RequestExclusion preparedOnly) {
		this.droppedPaths = droppedPaths;
		this.preparedOnly = preparedOnly;
	}

	/**
	 * Count requests from now on: the application is ready for traffic.
	 */
	public void ready() {
		this.ready = true;
	}

	/**
	 * Decide what a request counts as.
	 * @param request the request, mapped to its servlet
	 * @return what it counts as
	 */
	RequestCounting classify(Request request) {
		if (isDropped(request.getMappingData())) {
			return RequestCounting.DROPPED;
		}
		if (!this.ready || this.preparedOnly.excludes(request.getCoyoteRequest())) {
			return RequestCounting.PREPARED;
		}
		return RequestCounting.RECORDED;
	}

	private boolean isDropped(MappingData mappingData) {
		// What the servlet serves: the path info under a prefix mapping such as /api/*,
		// else the servlet path, which for the default mapping / is the whole path.
		MessageBytes path = mappingData.pathInfo.isNull() ? mappingData.wrapperPath : mappingData.pathInfo;
		if (path.isNull()) {
			return false;
		}
		for (String dropped : droppedPaths()) {
			if (isAtOrBelow(path, dropped)) {
				return true;
			}
		}
		return false;
	}

	private List<String> droppedPaths() {
		List<String> paths = this.resolvedDroppedPaths;
		if (paths == null) {
			paths = List.copyOf(this.droppedPaths.get());
			this.resolvedDroppedPaths = paths;
		}
		return paths;
	}

	/**
	 * Whether the path is {@code prefix} or below it, compared in place: Tomcat's mapper
	 * leaves paths as characters, and a String made of them would be garbage.
	 * @param path the request's path
	 * @param prefix the path prefix
	 * @return whether the path is the prefix or below it
	 */
	static boolean isAtOrBelow(MessageBytes path, String prefix) {
		if (path.getType() != MessageBytes.T_CHARS) {
			String value = path.toString();
			return value != null && value.startsWith(prefix)
					&& (value.length() == prefix.length() || value.charAt(prefix.length()) == '/');
		}
		CharChunk chars = path.getCharChunk();
		int length = chars.getLength();
		if (length < prefix.length() || (length > prefix.length() && chars.charAt(prefix.length()) != '/')) {
			return false;
		}
		for (int i = 0; i < prefix.length(); i++) {
			if (chars.charAt(i) != prefix.charAt(i)) {
				return false;
			}
		}
		return true;
	}

}
