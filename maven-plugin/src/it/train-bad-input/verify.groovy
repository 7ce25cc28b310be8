// build.log holds the invocations in order: no jar, the jdkToolchain nothing matches, then springAot.
def log = new File(basedir, 'build.log').text
def jar = new File(basedir, 'target/train-bad-input-1.0.jar')
assert log.contains("jar: ${jar} does not exist. Run the train goal after spring-boot-maven-plugin's repackage")
assert log.contains('jdkToolchain: no JDK toolchain in toolchains.xml matches {version=99}.')
assert log.contains("springAot needs auto or off, got 'yes'.")
assert !new File(basedir, 'target/tomcat-latency').exists()
