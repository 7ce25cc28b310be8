/**
 * Internal: tasks for JPA and Spring Data (queries parsed and planned, repositories'
 * lookups), and the rollback that keeps every transaction a warm-up request opens from
 * being committed. Not API: may change in any release.
 */
@NullMarked
package io.github.tomcatlatency.warmup.internal.task.data;

import org.jspecify.annotations.NullMarked;
