package io.github.tomcatlatency.trainer;

/**
 * How the tool that runs a training names its settings, so that a message names what to
 * change in the tool's own words: a goal's parameter, a command-line option.
 *
 * @param jar the application's executable jar
 * @param javaHome the JDK that trains
 * @param outputDirectory where the trained start is written
 * @param jvmArguments production's JVM options
 * @param springAot whether the training starts the context from Spring AOT's generated
 * code
 * @param buildTheJar how to have the executable jar built before the training, a sentence
 * without its full stop
 */
public record SettingNames(String jar, String javaHome, String outputDirectory, String jvmArguments, String springAot,
		String buildTheJar) {

}
