/**
 * Internal: tasks for JPA and Spring Data (queries parsed and planned, repositories'
 * lookups). Not API: may change in any release.
 */
@NullMarked
package io.github.tomcatlatency.warmup.internal.task.data;

import org.jspecify.annotations.NullMarked;
