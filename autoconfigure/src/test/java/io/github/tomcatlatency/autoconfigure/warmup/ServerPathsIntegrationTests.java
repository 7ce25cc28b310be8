package io.github.tomcatlatency.autoconfigure.warmup;

import java.net.http.HttpResponse;

import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The warm-up with every spelling of the context path and the servlet path that Spring
 * Boot accepts and cleans: it uses the paths as the running server has them, warms every
 * route and logs nothing above INFO.
 */
@ExtendWith(OutputCaptureExtension.class)
class ServerPathsIntegrationTests {

	@ParameterizedTest(name = "context path \"{0}\", servlet path \"{1}\"")
	@CsvSource({ "'/x/', ''", "'/', ''", "'', ''", "'/a/b/', ''", "'/x', '/api/'", "'/x/', '/api'", "'', '/api/'",
			"'/a/b/', '/api/'" })
	void everyRouteIsWarmedBelowThePathsTheServerResolved(String contextPath, String servletPath, CapturedOutput output)
			throws Exception {
		ServerPaths paths = new ServerPaths(contextPath, servletPath);
		try (ConfigurableApplicationContext context = paths.start(null)) {
			ServerPaths.assertEveryRouteWarmed(context);
			HttpResponse<String> first = ServerPaths.get(context, paths.helloPath());
			assertThat(first.statusCode()).isEqualTo(200);
			assertThat(first.body()).isEqualTo("hello");
		}
		ServerPaths.assertQuiet(output);
	}

}
