package io.github.tomcatlatency.statistics;

/**
 * When a request counts as a cold spike: far above its route's median after the route sat
 * idle.
 *
 * @param factor how many times the route's median a spike takes at least
 * @param idleNanos how long the route must have been idle before it
 */
public record SpikeDetection(double factor, long idleNanos) {

}
