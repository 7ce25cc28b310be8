package io.github.tomcatlatency.autoconfigure.training;

import java.nio.file.Path;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

import javax.sql.DataSource;

import io.github.tomcatlatency.autoconfigure.BrokerTransactionManager;
import io.github.tomcatlatency.autoconfigure.SelfSignedKeyStore;
import io.github.tomcatlatency.training.internal.TrainingExit;
import io.github.tomcatlatency.warmup.internal.replay.WriteTransactionObserver;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.ApplicationRunner;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.availability.ApplicationAvailability;
import org.springframework.boot.availability.AvailabilityChangeEvent;
import org.springframework.boot.availability.ReadinessState;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.context.annotation.Primary;
import org.springframework.core.io.DefaultResourceLoader;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.jdbc.datasource.DriverManagerDataSource;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.TransactionTemplate;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Integration tests for training runs on a real embedded Tomcat over real HTTP.
 */
@ExtendWith(OutputCaptureExtension.class)
class TrainingIntegrationTests {

	private static final String DATABASE = "jdbc:h2:mem:training-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1";

	@BeforeEach
	void reset() {
		TestApplication.exits.clear();
		TestApplication.readinessAtExit.clear();
		VisitController.rowsSeen.clear();
	}

	@Test
	void servesEachRouteTheConfiguredNumberOfTimesThenClosesAndExits(CapturedOutput output) {
		ConfigurableApplicationContext context = start("tomcat-latency.warmup.training-repetitions=4");
		assertThat(context.isActive()).isFalse();
		// Closed before the exit: the JVM must only write its cache once the
		// application has stopped.
		assertThat(TestApplication.exits).containsExactly(new Exit(0, false));
		// Every visit saw only its own row, written in a transaction of its own
		// (REQUIRES_NEW): each was rolled back before the next.
		assertThat(VisitController.rowsSeen).containsExactly(1, 1, 1, 1);
		assertThat(new JdbcTemplate(dataSource()).queryForObject("select count(*) from visit", Integer.class)).isZero();
		// A transaction manager over something else than a database is only watched.
		assertThat(TestApplication.broker.transactionsAsked()).isZero();
		assertThat(TestApplication.broker.getTransactionExecutionListeners()).singleElement()
			.isInstanceOf(WriteTransactionObserver.class);
		// What readiness probes read as the JVM exits.
		assertThat(TestApplication.readinessAtExit).containsExactly(ReadinessState.REFUSING_TRAFFIC);
		assertThat(output).contains("Training run sent")
			.contains("GET /visits x4")
			.contains("GET /tomcat-latency-warmup/text?name=warm-up x4");
	}

	@Test
	void failingRouteFailsTheRunInsteadOfExitingNormally() {
		assertThatExceptionOfType(TrainingException.class)
			.isThrownBy(() -> start("tomcat-latency.warmup.training-repetitions=2",
					"tomcat-latency.warmup.requests[0].path=/fail?now"))
			.withMessageContaining("tomcat-latency.warmup.training=true")
			.withMessageContaining("GET /fail?now: status 500")
			.satisfies((ex) -> assertThat(ex.getExitCode()).isEqualTo(1));
		assertThat(TestApplication.exits).isEmpty();
	}

	@Test
	void discoveredRouteThatFailsIsLeftOutAndTheRunStillExits(CapturedOutput output) {
		FailingController.demoCalls.set(0);
		// Without the template location check that Boot 3's Thymeleaf warns about.
		start("tomcat-latency.warmup.training-repetitions=3", "spring.jpa.open-in-view=false",
				"spring.thymeleaf.check-template-location=false");
		assertThat(TestApplication.exits).containsExactly(new Exit(0, false));
		assertThat(FailingController.demoCalls).hasValue(1);
		assertThat(output.getAll().lines().filter((line) -> line.contains(" WARN "))).singleElement()
			.asString()
			.contains("GET /demo-error failed: status 500");
		assertThat(output).contains("1 of them to discovered routes left out");
	}

	@Test
	void readinessTheApplicationPublishesBeforeItIsReadyDoesNotEndTheRun(CapturedOutput output) {
		start("tomcat-latency.warmup.training-repetitions=2", "test.early-readiness=true");
		// The run ended once, on Spring Boot's readiness, with the application's route
		// trained.
		assertThat(TestApplication.exits).containsExactly(new Exit(0, false));
		assertThat(VisitController.rowsSeen).isNotEmpty();
		assertThat(output).contains("Training run sent");
	}

	@Test
	void timeoutBoundsTheRun() {
		assertThatExceptionOfType(TrainingException.class).isThrownBy(
				() -> start("tomcat-latency.warmup.timeout=300ms", "tomcat-latency.warmup.training-repetitions=1000"))
			.withMessageContaining("timed out")
			.withMessageContaining("tomcat-latency.warmup.timeout");
		assertThat(TestApplication.exits).isEmpty();
	}

	@Test
	void serverThatListensOnlyWithTlsIsTrainedOverTls(@TempDir Path directory, CapturedOutput output) throws Exception {
		String[] tls = SelfSignedKeyStore.serverProperties(directory);
		start(tls[0], tls[1], tls[2], "tomcat-latency.warmup.training-repetitions=2");
		assertThat(TestApplication.exits).containsExactly(new Exit(0, false));
		// The application's route was reached over TLS, each visit rolled back.
		assertThat(VisitController.rowsSeen).isNotEmpty().containsOnly(1);
		assertThat(output).contains("Training run sent").contains("GET /tomcat-latency-warmup/text?name=warm-up x2");
	}

	private static ConfigurableApplicationContext start(String... properties) {
		// Jetty is on the test class path for back-off tests; a management context would
		// find both.
		return new SpringApplicationBuilder(TestApplication.class)
			.resourceLoader(new DefaultResourceLoader(new FilteredClassLoader("org.eclipse.jetty")))
			.properties("server.port=0", "tomcat-latency.warmup.training=true")
			.properties(properties)
			.run();
	}

	private static DataSource dataSource() {
		return new DriverManagerDataSource(DATABASE);
	}

	record Exit(int status, boolean contextActive) {
	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	@Import({ VisitController.class, FailingController.class, EarlyReadiness.class })
	static class TestApplication {

		static final List<Exit> exits = new CopyOnWriteArrayList<>();

		static final List<ReadinessState> readinessAtExit = new CopyOnWriteArrayList<>();

		@Bean
		DataSource dataSource() {
			DataSource dataSource = TrainingIntegrationTests.dataSource();
			new JdbcTemplate(dataSource).execute("create table if not exists visit (id varchar(36) primary key)");
			return dataSource;
		}

		static volatile BrokerTransactionManager broker;

		@Bean
		@Primary
		PlatformTransactionManager transactionManager(DataSource dataSource) {
			return new DataSourceTransactionManager(dataSource);
		}

		@Bean
		BrokerTransactionManager brokerTransactionManager() {
			broker = new BrokerTransactionManager();
			return broker;
		}

		@Bean
		TrainingExit recordingExit(ConfigurableApplicationContext context, ApplicationAvailability availability) {
			return (status) -> {
				exits.add(new Exit(status, context.isActive()));
				readinessAtExit.add(availability.getReadinessState());
			};
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnBooleanProperty("test.early-readiness")
	static class EarlyReadiness {

		@Bean
		ApplicationRunner earlyReadiness(ConfigurableApplicationContext context) {
			return (arguments) -> AvailabilityChangeEvent.publish(context, ReadinessState.ACCEPTING_TRAFFIC);
		}

	}

	@RestController
	static class VisitController {

		static final List<Integer> rowsSeen = new CopyOnWriteArrayList<>();

		private final JdbcTemplate jdbc;

		private final TransactionTemplate ownTransaction;

		VisitController(DataSource dataSource, PlatformTransactionManager transactionManager) {
			this.jdbc = new JdbcTemplate(dataSource);
			this.ownTransaction = new TransactionTemplate(transactionManager);
			this.ownTransaction.setPropagationBehavior(TransactionDefinition.PROPAGATION_REQUIRES_NEW);
		}

		@GetMapping("/visits")
		String visit() {
			this.ownTransaction.executeWithoutResult((status) -> {
				this.jdbc.update("insert into visit (id) values (?)", UUID.randomUUID().toString());
				rowsSeen.add(this.jdbc.queryForObject("select count(*) from visit", Integer.class));
			});
			return "visited";
		}

	}

	@RestController
	static class FailingController {

		static final AtomicInteger demoCalls = new AtomicInteger();

		// As sample applications have: a route that shows the error page.
		@GetMapping("/demo-error")
		String demoError() {
			demoCalls.incrementAndGet();
			throw new IllegalStateException("fails on purpose");
		}

		@GetMapping(path = "/fail", params = "now")
		String fail() {
			throw new IllegalStateException("fails on purpose");
		}

	}

}
