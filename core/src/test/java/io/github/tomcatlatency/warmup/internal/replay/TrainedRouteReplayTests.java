package io.github.tomcatlatency.warmup.internal.replay;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import io.github.tomcatlatency.warmup.WarmupRequest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

/**
 * Tests for {@link TrainedRouteReplay}: a training's record in a real file, the user's
 * exclusions applied.
 */
class TrainedRouteReplayTests {

	@TempDir
	Path directory;

	@Test
	void sendsTheRecordedRoutesButThoseAnExclusionMatchesWithoutTheirQuery() throws IOException {
		TrainedRequests.write(this.directory, List.of("/owners", "/admin/users?page=1", "/owners/find?lastName=x"));
		assertThat(TrainedRouteReplay.getRoutes(this.directory, "", List.of("/admin/**"), 2))
			.extracting(WarmupRequest::path, WarmupRequest::repetitions)
			.containsExactly(tuple("/owners", 2), tuple("/owners/find?lastName=x", 2));
	}

	@Test
	void matchesExclusionsBelowTheDispatcherServletsPathAsDiscoveryDoes() throws IOException {
		// Recorded with spring.mvc.servlet.path=/api: the paths carry it.
		TrainedRequests.write(this.directory,
				List.of("/api/owners", "/api/admin/purge", "/api/admin?all", "/api", "/apix/admin/x", "/other/admin"));
		assertThat(TrainedRouteReplay.getRoutes(this.directory, "/api", List.of("/admin/**", "/"), 1))
			.extracting(WarmupRequest::path)
			.containsExactly("/api/owners", "/apix/admin/x", "/other/admin");
	}

}
