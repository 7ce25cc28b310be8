/**
 * The request statistics the {@code tomcat-latency} endpoint reports: what each method
 * and route recorded, in nanoseconds and counts, within a memory cap, and the snapshots
 * the report reads. They never depend on the report, which turns them into milliseconds.
 */
@NullMarked
package io.github.tomcatlatency.statistics;

import org.jspecify.annotations.NullMarked;
