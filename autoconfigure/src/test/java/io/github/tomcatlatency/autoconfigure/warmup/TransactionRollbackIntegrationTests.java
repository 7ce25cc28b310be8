package io.github.tomcatlatency.autoconfigure.warmup;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.UUID;

import javax.sql.DataSource;

import io.github.tomcatlatency.autoconfigure.BrokerTransactionManager;
import io.github.tomcatlatency.warmup.WarmupRequest.Origin;
import io.github.tomcatlatency.warmup.WarmupResult.RequestResult;
import io.github.tomcatlatency.warmup.internal.WarmupRunner;
import io.github.tomcatlatency.warmup.internal.access.WarmupRequestMarker;
import io.github.tomcatlatency.warmup.internal.access.WarmupTokens;
import org.junit.jupiter.api.Test;

import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.context.annotation.Primary;
import org.springframework.core.io.DefaultResourceLoader;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.awaitility.Awaitility.await;

/**
 * Integration tests for the rollback of transactions that discovered warm-up requests
 * begin, on a real embedded Tomcat and a real H2 database.
 */
class TransactionRollbackIntegrationTests {

	@Test
	void writesOfADiscoveredRouteRollBackWhileOutsideRequestsCommit() throws Exception {
		try (ConfigurableApplicationContext context = start(TransactionApplication.class)) {
			assertThat(context.getBean(WarmupRunner.class).getResult().requests())
				.filteredOn((request) -> request.origin() == Origin.DISCOVERED)
				.extracting(RequestResult::path, RequestResult::status)
				.containsExactly(tuple("/visit", 200), tuple("/visit", 200), tuple("/visit", 200));
			JdbcTemplate jdbc = context.getBean(JdbcTemplate.class);
			assertThat(jdbc.queryForObject("select count(*) from visits", Long.class)).isZero();
			int port = context.getEnvironment().getRequiredProperty("local.server.port", Integer.class);
			HttpResponse<String> response = HttpClient.newHttpClient()
				.send(HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/visit")).build(),
						HttpResponse.BodyHandlers.ofString());
			assertThat(response.statusCode()).isEqualTo(200);
			assertThat(jdbc.queryForObject("select count(*) from visits", Long.class)).isOne();
			// Once the warm-up has ended, its token no longer rolls anything back.
			assertThat(TokenBeforeReadiness.token).isNotNull();
			await().atMost(Duration.ofSeconds(60)).until(context.getBean(WarmupRequestMarker.class)::isFinished);
			response = HttpClient.newHttpClient()
				.send(HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/visit"))
					.header(WarmupRequestMarker.HEADER, TokenBeforeReadiness.token)
					.build(), HttpResponse.BodyHandlers.ofString());
			assertThat(response.statusCode()).isEqualTo(200);
			assertThat(jdbc.queryForObject("select count(*) from visits", Long.class)).isEqualTo(2);
		}
	}

	@Test
	void aTransactionManagerOverNoDatabaseIsLeftAlone() {
		try (ConfigurableApplicationContext context = start(BrokerApplication.class)) {
			assertThat(context.getBean(WarmupRunner.class).getResult().requests())
				.filteredOn((request) -> request.origin() == Origin.DISCOVERED)
				.extracting(RequestResult::status)
				.containsExactly(200, 200, 200);
			JdbcTemplate jdbc = context.getBean(JdbcTemplate.class);
			assertThat(jdbc.queryForObject("select count(*) from visits", Long.class)).isZero();
			BrokerTransactionManager broker = context.getBean(BrokerTransactionManager.class);
			assertThat(broker.transactionsAsked()).isZero();
			assertThat(broker.getTransactionExecutionListeners()).isEmpty();
		}
	}

	private static ConfigurableApplicationContext start(Class<?> application) {
		return new SpringApplicationBuilder(application)
			.resourceLoader(new DefaultResourceLoader(new FilteredClassLoader("org.eclipse.jetty")))
			.properties("server.port=0", "tomcat-latency.warmup.discover-routes=true",
					"spring.datasource.url=jdbc:h2:mem:" + UUID.randomUUID())
			.run();
	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	@Import({ VisitController.class, TokenBeforeReadiness.class })
	static class TransactionApplication {

	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	@Import(VisitController.class)
	static class BrokerApplication {

		@Bean
		@Primary
		DataSourceTransactionManager transactionManager(DataSource dataSource) {
			return new DataSourceTransactionManager(dataSource);
		}

		@Bean
		BrokerTransactionManager brokerTransactionManager() {
			return new BrokerTransactionManager();
		}

	}

	// Runners run before readiness, while the discovered requests' token is current.
	static class TokenBeforeReadiness implements ApplicationRunner {

		static volatile String token;

		private final WarmupRequestMarker marker;

		TokenBeforeReadiness(WarmupRequestMarker marker) {
			this.marker = marker;
		}

		@Override
		public void run(ApplicationArguments args) {
			token = WarmupTokens.current(this.marker);
		}

	}

	@RestController
	static class VisitController {

		private final JdbcTemplate jdbc;

		private final TransactionTemplate transaction;

		VisitController(JdbcTemplate jdbc, TransactionTemplate transaction) {
			this.jdbc = jdbc;
			this.transaction = transaction;
			jdbc.execute("create table visits (id int auto_increment primary key, at timestamp)");
		}

		@GetMapping("/visit")
		String visit() {
			this.transaction.executeWithoutResult(
					(status) -> this.jdbc.update("insert into visits (at) values (current_timestamp)"));
			return "visited";
		}

	}

}
