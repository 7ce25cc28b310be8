package io.github.tomcatlatency.trainer;

/**
 * The settings' names the tests' messages use.
 */
final class TestNames {

	static final SettingNames NAMES = new SettingNames("jar", "javaHome", "outputDirectory", "jvmArguments",
			"springAot", "Build it first");

	private TestNames() {
	}

}
