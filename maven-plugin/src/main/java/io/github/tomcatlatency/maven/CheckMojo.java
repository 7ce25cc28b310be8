package io.github.tomcatlatency.maven;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;

import io.github.tomcatlatency.advisory.AdvisoryDataException;
import io.github.tomcatlatency.advisory.AdvisoryDataReader;
import io.github.tomcatlatency.advisory.AdvisoryDataSelection;
import io.github.tomcatlatency.advisory.SelectedAdvisoryData;
import io.github.tomcatlatency.scan.ApplicationContents;
import io.github.tomcatlatency.scan.FailLevel;
import io.github.tomcatlatency.scan.ScanVerdict;
import io.github.tomcatlatency.scan.TextReport;
import org.apache.maven.artifact.Artifact;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;
import org.apache.maven.project.MavenProject;

/**
 * Checks the Tomcat the project resolves (tomcat-embed-core, or tomcat-catalina when the
 * container provides it) against the known advisories and latency bugs, and fails the
 * build at or above {@code failOn}.
 */
@Mojo(name = "check", defaultPhase = LifecyclePhase.VERIFY,
		requiresDependencyResolution = ResolutionScope.COMPILE_PLUS_RUNTIME, threadSafe = true)
public class CheckMojo extends AbstractMojo {

	@Parameter(defaultValue = "${project}", readonly = true, required = true)
	private MavenProject project;

	/**
	 * The lowest Tomcat rating that fails the build: none, low, moderate, important or
	 * critical. A Tomcat the advisory data cannot judge (end of life, newer than the
	 * data) fails at every level but none.
	 */
	@Parameter(property = "tomcat-latency.failOn", defaultValue = "important")
	private String failOn;

	/**
	 * Skip the check.
	 */
	@Parameter(property = "tomcat-latency.skip", defaultValue = "false")
	private boolean skip;

	/**
	 * An advisory data file, used when it is newer than the data the plugin carries.
	 */
	@Parameter(property = "tomcat-latency.advisories")
	private File advisories;

	@Override
	public void execute() throws MojoExecutionException, MojoFailureException {
		if (this.skip) {
			getLog().info("Skipping tomcat-latency:check");
			return;
		}
		FailLevel level = failLevel();
		ScanVerdict verdict = verdict();
		List<String> lines = TextReport.lines(verdict);
		lines.forEach(getLog()::info);
		if (level.isReachedBy(verdict)) {
			throw new MojoFailureException("Tomcat " + verdict.tomcat().version() + " reaches failOn=" + level
					+ " (set tomcat-latency.failOn, or apply the remedy above)");
		}
	}

	ScanVerdict verdict() throws MojoExecutionException {
		return ScanVerdict.of(ProjectContents.of(this.project), advisoryData());
	}

	private FailLevel failLevel() throws MojoExecutionException {
		try {
			return FailLevel.of(this.failOn);
		}
		catch (IllegalArgumentException ex) {
			throw new MojoExecutionException("failOn: " + ex.getMessage());
		}
	}

	private SelectedAdvisoryData advisoryData() throws MojoExecutionException {
		AdvisoryDataSelection selection = new AdvisoryDataSelection();
		String warning = selection.addArtifact(getClass().getClassLoader());
		if (warning != null) {
			getLog().warn(warning);
		}
		if (this.advisories != null) {
			try (InputStream input = Files.newInputStream(this.advisories.toPath())) {
				selection.addLocation(AdvisoryDataReader.read(input, this.advisories.toString()), "advisories");
			}
			catch (IOException | AdvisoryDataException ex) {
				throw new MojoExecutionException(
						"advisories: " + this.advisories + " cannot be read (" + ex.getMessage() + ")", ex);
			}
		}
		return selection.select();
	}

	/**
	 * What the project's resolved dependencies tell.
	 */
	static final class ProjectContents {

		private ProjectContents() {
		}

		static ApplicationContents of(MavenProject project) {
			String tomcatVersion = null;
			String tomcatArtifact = null;
			String springBootVersion = null;
			List<String> staticResourceJars = new ArrayList<>();
			for (Artifact artifact : project.getArtifacts()) {
				if (tomcatVersion == null && isTomcat(artifact)) {
					tomcatVersion = artifact.getBaseVersion();
					tomcatArtifact = artifact.getGroupId() + ":" + artifact.getArtifactId() + ":" + tomcatVersion;
				}
				if (artifact.getGroupId().equals("org.springframework.boot")
						&& artifact.getArtifactId().equals("spring-boot")) {
					springBootVersion = artifact.getBaseVersion();
				}
				if (artifact.getGroupId().startsWith("org.webjars")
						|| artifact.getArtifactId().contains("swagger-ui")) {
					staticResourceJars.add(artifact.getArtifactId() + "-" + artifact.getBaseVersion() + ".jar");
				}
			}
			return new ApplicationContents(
					project.getGroupId() + ":" + project.getArtifactId() + ":" + project.getVersion(), tomcatVersion,
					tomcatArtifact, springBootVersion, staticResourceJars);
		}

		private static boolean isTomcat(Artifact artifact) {
			return (artifact.getGroupId().equals("org.apache.tomcat.embed")
					&& artifact.getArtifactId().equals("tomcat-embed-core"))
					|| (artifact.getGroupId().equals("org.apache.tomcat")
							&& artifact.getArtifactId().equals("tomcat-catalina"));
		}

	}

}
