package io.github.tomcatlatency.autoconfigure.warmup;

import java.util.concurrent.TimeUnit;

import io.github.tomcatlatency.warmup.WarmupResult;
import io.github.tomcatlatency.warmup.WarmupResult.RequestResult;
import io.github.tomcatlatency.warmup.WarmupResult.State;
import io.github.tomcatlatency.warmup.internal.WarmupRunner;
import io.github.tomcatlatency.warmup.internal.access.WarmupRequestMarker;
import io.github.tomcatlatency.warmup.internal.routes.WarmupRoutes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A server with one request thread: the warm-up holds readiness as usual, but sends
 * nothing after it, where its request would hold up the real request that arrives
 * meanwhile.
 */
@ExtendWith(OutputCaptureExtension.class)
class OneWorkerIntegrationTests {

	@Test
	void nothingIsSentAfterReadinessOnTheOnlyRequestThread(CapturedOutput output) throws Exception {
		ServerPaths paths = new ServerPaths("", "");
		try (ConfigurableApplicationContext context = paths.start(null, "server.tomcat.threads.max=1")) {
			await().atMost(60, TimeUnit.SECONDS).until(context.getBean(WarmupRequestMarker.class)::isFinished);
			WarmupResult result = context.getBean(WarmupRunner.class).getResult();
			assertThat(result.state()).as(result.toString()).isEqualTo(State.COMPLETED);
			assertThat(result.requests()).extracting(RequestResult::path)
				.contains(WarmupRoutes.TEXT_PATH + "?name=warm-up", "/hello")
				.doesNotContain("/actuator/health", WarmupRoutes.NOT_FOUND_PATH);
			assertThat(ServerPaths.get(context, paths.helloPath()).statusCode()).isEqualTo(200);
		}
		ServerPaths.assertQuiet(output);
	}

}
