package io.github.tomcatlatency.trainer;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The launch line of a trained start, written next to the extracted application: an
 * argument file for the {@code java} launcher, {@value #ARGUMENT_FILE}, with the JVM
 * options and the jar, and two scripts that run it from the directory the cache's paths
 * are relative to, {@value #SCRIPT} for {@code sh} and {@value #WINDOWS_SCRIPT} for
 * Windows.
 */
final class LaunchFiles {

	static final String ARGUMENT_FILE = "java.args";

	static final String SCRIPT = "start.sh";

	static final String WINDOWS_SCRIPT = "start.cmd";

	private LaunchFiles() {
	}

	/**
	 * Write the launch files.
	 * @param directory the extracted application
	 * @param launch the launcher's arguments: JVM options, then {@code -jar} and the jar
	 * @param jdk the JDK the cache was trained on
	 * @param cache what the cache is, for the scripts' comments
	 * @throws IOException if they cannot be written
	 */
	static void write(Path directory, List<String> launch, TrainingJdk jdk, String cache) throws IOException {
		Files.writeString(directory.resolve(ARGUMENT_FILE),
				launch.stream().map(LaunchFiles::quoted).collect(Collectors.joining("\n", "", "\n")));
		String written = "Written by tomcat-latency's train (the Maven goal or the command line): starts the "
				+ "application with its " + cache + ".";
		String sameJdk = "Run it on the JDK that trained it, " + jdk + ": the JVM ignores the cache on another one.";
		String arguments = "Arguments are passed to the application, for example --server.port=8080.";
		Path script = directory.resolve(SCRIPT);
		Files.writeString(script,
				String.join("\n", "#!/bin/sh", "# " + written, "# " + sameJdk, "# " + arguments,
						"cd \"$(dirname \"$0\")\" || exit 1",
						"exec \"${JAVA_HOME:+$JAVA_HOME/bin/}java\" @" + ARGUMENT_FILE + " \"$@\"", ""));
		try {
			Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
		}
		catch (UnsupportedOperationException ex) {
			// Not a POSIX file system: the script runs with sh start.sh.
		}
		// cmd.exe reads a script line by line in CRLF; the quoted set keeps a JAVA_HOME
		// with parentheses (C:\Program Files (x86)\...) from ending the line's command.
		Files.writeString(directory.resolve(WINDOWS_SCRIPT),
				String.join("\r\n", "@echo off", "rem " + written, "rem " + sameJdk, "rem " + arguments, "setlocal",
						"cd /d \"%~dp0\" || exit /b 1", "set \"JAVA=java\"",
						"if defined JAVA_HOME set \"JAVA=%JAVA_HOME%\\bin\\java\"",
						"\"%JAVA%\" @" + ARGUMENT_FILE + " %*", "exit /b %ERRORLEVEL%", ""));
	}

	/**
	 * Quote an argument for a {@code java} argument file where it needs it.
	 * @param argument the argument
	 * @return the argument as the file holds it
	 */
	static String quoted(String argument) {
		if (!argument.isEmpty() && argument.chars()
			.noneMatch((c) -> Character.isWhitespace(c) || c == '"' || c == '\'' || c == '\\' || c == '#')) {
			return argument;
		}
		return "\"" + argument.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
	}

}
