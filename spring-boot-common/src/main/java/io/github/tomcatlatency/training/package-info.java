/**
 * The training run's end: exiting once the warm-up has served the routes, with Spring
 * Boot's exit codes.
 */
@NullMarked
package io.github.tomcatlatency.training;

import org.jspecify.annotations.NullMarked;
