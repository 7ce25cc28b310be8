package io.github.tomcatlatency.warmup.internal.access;

/**
 * The warm-up's token, for tests of other packages that replay it: the application never
 * sees it.
 */
public final class WarmupTokens {

	private WarmupTokens() {
	}

	/**
	 * Return the token the warm-up's requests carry now.
	 * @param marker the marker
	 * @return the token
	 */
	public static String current(WarmupRequestMarker marker) {
		return marker.token();
	}

}
