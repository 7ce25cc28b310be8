package io.github.tomcatlatency.autoconfigure.training;

import java.util.Collection;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import io.github.tomcatlatency.autoconfigure.BrokerTransactionManager;
import io.github.tomcatlatency.training.internal.TrainingExit;
import io.github.tomcatlatency.warmup.internal.replay.WriteTransactions;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.core.io.DefaultResourceLoader;
import org.springframework.transaction.ConfigurableTransactionManager;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.TransactionExecutionListener;
import org.springframework.transaction.TransactionStatus;
import org.springframework.transaction.support.SimpleTransactionStatus;
import org.springframework.transaction.support.TransactionTemplate;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Integration tests for what a training run sees of its requests' transactions on every
 * transaction manager, a database's or not, on a real embedded Tomcat over real HTTP:
 * what it leaves out of the record of {@code tomcat-latency.warmup.replay-training}.
 */
@ExtendWith(OutputCaptureExtension.class)
class WriteTransactionsIntegrationTests {

	@BeforeEach
	void reset() {
		TestApplication.writes.clear();
		ThrowingTransactionManager.committed = 0;
	}

	@Test
	void aRequestThatBeganAWritableTransactionOfAnyTransactionManagerIsLeftOut(CapturedOutput output) {
		start();
		assertThat(TestApplication.writes).hasSize(1);
		WriteTransactions writes = TestApplication.writes.get(0);
		assertThat(writes.unobserved()).isNull();
		// A message broker's, JTA's or MongoDB's transaction could write.
		assertThat(writes.contains("GET", "/broker-write")).isTrue();
		// A read-only definition is no write.
		assertThat(writes.contains("GET", "/broker-read")).isFalse();
		assertThat(writes.contains("GET", "/plain")).isFalse();
		// A transaction manager that fails when asked: one line, the request left out,
		// its transaction as without the starter.
		assertThat(writes.contains("GET", "/throwing")).isTrue();
		assertThat(ThrowingTransactionManager.committed).isEqualTo(3);
		assertThat(output.getAll().lines().filter((line) -> line.contains(" WARN "))).singleElement()
			.asString()
			.contains("'throwingTransactionManager'")
			.contains("failed when asked whether its transaction is read-only")
			.contains("tomcat-latency.warmup.replay-training");
	}

	@Test
	void aTransactionManagerThatTakesNoListenerLeavesEveryRequestOut() {
		start("test.unobservable=true");
		assertThat(TestApplication.writes).singleElement()
			.extracting(WriteTransactions::unobserved)
			.asString()
			.contains("'unobservableTransactionManager'")
			.contains("takes no listener");
	}

	private static void start(String... properties) {
		new SpringApplicationBuilder(TestApplication.class)
			.resourceLoader(new DefaultResourceLoader(new FilteredClassLoader("org.eclipse.jetty")))
			.properties("server.port=0", "spring.jpa.open-in-view=false", "tomcat-latency.warmup.training=true",
					"tomcat-latency.warmup.training-repetitions=3")
			.properties(properties)
			.run();
	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	@Import({ TransactionsController.class, Unobservable.class })
	static class TestApplication {

		static final List<WriteTransactions> writes = new CopyOnWriteArrayList<>();

		@Bean
		BrokerTransactionManager brokerTransactionManager() {
			return new BrokerTransactionManager();
		}

		@Bean
		ThrowingTransactionManager throwingTransactionManager() {
			return new ThrowingTransactionManager();
		}

		@Bean
		TrainingExit recordingExit(WriteTransactions writeTransactions) {
			// What the training run saw, read as the JVM would exit.
			return (status) -> writes.add(writeTransactions);
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnBooleanProperty("test.unobservable")
	static class Unobservable {

		@Bean
		PlatformTransactionManager unobservableTransactionManager() {
			return new PlatformTransactionManager() {

				@Override
				public TransactionStatus getTransaction(@Nullable TransactionDefinition definition) {
					return new SimpleTransactionStatus();
				}

				@Override
				public void commit(TransactionStatus status) {
				}

				@Override
				public void rollback(TransactionStatus status) {
				}

			};
		}

	}

	@RestController
	static class TransactionsController {

		private final TransactionTemplate brokerWrite;

		private final TransactionTemplate brokerRead;

		private final TransactionTemplate throwing;

		TransactionsController(BrokerTransactionManager broker, ThrowingTransactionManager throwing) {
			this.brokerWrite = new TransactionTemplate(broker);
			this.brokerRead = new TransactionTemplate(broker);
			this.brokerRead.setReadOnly(true);
			this.throwing = new TransactionTemplate(throwing);
		}

		@GetMapping("/broker-write")
		String brokerWrite() {
			return this.brokerWrite.execute((status) -> "sent");
		}

		@GetMapping("/broker-read")
		String brokerRead() {
			return this.brokerRead.execute((status) -> "read");
		}

		@GetMapping("/throwing")
		String throwing() {
			return this.throwing.execute((status) -> "done");
		}

		@GetMapping("/plain")
		String plain() {
			return "plain";
		}

	}

	/**
	 * A transaction manager whose transactions fail when asked whether they are
	 * read-only, and that tells its listeners itself.
	 */
	static class ThrowingTransactionManager implements PlatformTransactionManager, ConfigurableTransactionManager {

		static volatile int committed;

		private final List<TransactionExecutionListener> listeners = new CopyOnWriteArrayList<>();

		@Override
		public TransactionStatus getTransaction(@Nullable TransactionDefinition definition) {
			SimpleTransactionStatus status = new SimpleTransactionStatus() {

				@Override
				public boolean isReadOnly() {
					throw new IllegalStateException("cannot say");
				}

			};
			this.listeners.forEach((listener) -> listener.afterBegin(status, null));
			return status;
		}

		@Override
		public void commit(TransactionStatus status) {
			committed++;
		}

		@Override
		public void rollback(TransactionStatus status) {
		}

		@Override
		public void setTransactionExecutionListeners(Collection<TransactionExecutionListener> listeners) {
			this.listeners.clear();
			this.listeners.addAll(listeners);
		}

		@Override
		public Collection<TransactionExecutionListener> getTransactionExecutionListeners() {
			return this.listeners;
		}

	}

}
