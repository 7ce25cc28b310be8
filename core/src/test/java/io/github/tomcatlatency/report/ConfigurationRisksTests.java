package io.github.tomcatlatency.report;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.github.tomcatlatency.jvmcache.JvmCache;
import io.github.tomcatlatency.jvmcache.JvmCacheKind;
import io.github.tomcatlatency.report.ConfigurationRisk.Severity;
import org.apache.catalina.startup.Tomcat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.StandardEnvironment;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link ConfigurationRisks}' risks of the JVM's cache of the application's
 * classes.
 */
class ConfigurationRisksTests {

	private static final JvmCache NONE_17 = new JvmCache(null, null, null, false, 630L, 5200L, 17);

	@Test
	void jvmWithoutCacheIsALowRiskNamingTheKindItsJavaWrites() {
		assertThat(risks(NONE_17, false)).singleElement().satisfies((risk) -> {
			assertThat(risk.id()).isEqualTo("no-jvm-cache");
			assertThat(risk.severity()).isEqualTo(Severity.LOW);
			assertThat(risk.finding()).isEqualTo("This JVM (Java 17) runs without a CDS archive of the application: "
					+ "every start and each route's first request load and link its classes from the jars.");
			assertThat(risk.remedy()).isEqualTo("Build a trained start with tomcat-latency-maven-plugin's train goal "
					+ "and launch it with the line it writes (docs/training.md).");
		});
		assertThat(risks(new JvmCache(null, null, null, false, null, null, 25), false)).singleElement()
			.satisfies(
					(risk) -> assertThat(risk.finding()).startsWith("This JVM (Java 25) runs without an AOT cache "));
	}

	@Test
	void trainingRunWithoutCacheIsNoRisk() {
		assertThat(risks(NONE_17, true)).isEmpty();
	}

	@Test
	void cacheTheJvmUsedIsNoRisk() {
		assertThat(risks(new JvmCache(JvmCacheKind.AOT_CACHE, "application.aot", true, true, 6400L, 7000L, 25), false))
			.isEmpty();
	}

	@Test
	void cacheWhoseUseCannotBeToldIsNoRisk() {
		assertThat(risks(new JvmCache(JvmCacheKind.CDS_ARCHIVE, "application.jsa", null, true, 630L, 5200L, 17), false))
			.isEmpty();
	}

	@Test
	void cacheTheJvmDidNotUseIsAMediumRiskWithTheRebuild() {
		JvmCache unused = new JvmCache(JvmCacheKind.CDS_ARCHIVE, "application.jsa", false, true, 630L, 5200L, 17);
		for (boolean training : new boolean[] { false, true }) {
			assertThat(risks(unused, training)).singleElement().satisfies((risk) -> {
				assertThat(risk.id()).isEqualTo("jvm-cache-unused");
				assertThat(risk.severity()).isEqualTo(Severity.MEDIUM);
				assertThat(risk.finding()).isEqualTo("The JVM options name a CDS archive, application.jsa, but the JVM "
						+ "(Java 17) did not use it: a different JDK, JVM options, class path or jar modification times than the training "
						+ "run's, or the file is missing.");
				assertThat(risk.remedy()).contains("production JDK and JVM options", "train goal").doesNotContain("\n");
			});
		}
	}

	@Test
	void findTellsATrainingRunFromTheEnvironment(@TempDir Path baseDir) {
		Tomcat tomcat = new Tomcat();
		tomcat.setBaseDir(baseDir.toString());
		TomcatComponents components = new TomcatComponents(tomcat);
		StandardEnvironment environment = new StandardEnvironment();
		assertThat(ConfigurationRisks.find(components, environment, true, null, NONE_17))
			.extracting(ConfigurationRisk::id)
			.containsExactly("no-jvm-cache");
		assertThat(ConfigurationRisks.find(components, environment, true, null, null)).isEmpty();
		environment.getPropertySources()
			.addFirst(new MapPropertySource("training", Map.of("tomcat-latency.warmup.training", "true")));
		assertThat(ConfigurationRisks.find(components, environment, true, null, NONE_17)).isEmpty();
	}

	private static List<ConfigurationRisk> risks(JvmCache jvmCache, boolean training) {
		List<ConfigurationRisk> risks = new ArrayList<>();
		ConfigurationRisks.addJvmCacheRisks(jvmCache, training, risks);
		return risks;
	}

}
