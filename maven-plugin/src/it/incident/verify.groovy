// build.log holds the three invocations in order: failOn=important (failed), failOn=none, skip.
def log = new File(basedir, 'build.log').text
def failed = log.indexOf('Tomcat 8.5.31 reaches failOn=important')
def passed = log.indexOf('BUILD SUCCESS')
assert failed >= 0 && passed > failed
def verdict = log.substring(failed, passed)
assert verdict.contains('Spring Boot: 2.0.3.RELEASE')
assert verdict.contains('Tomcat: 8.5.31 (org.apache.tomcat.embed:tomcat-embed-core:8.5.31)')
assert verdict.contains('end of life: Tomcat no longer supports 8.5')
assert verdict.contains('BZ-62968 [latency bug]')
assert verdict.contains('fixed in 8.5.37')
assert verdict.contains('Maven:  <tomcat.version>8.5.37</tomcat.version>')
assert verdict.contains("Gradle: ext['tomcat.version'] = '8.5.37'")
assert verdict.contains('Spring Boot releases that ship it: 2.0.8')
assert verdict.contains('springfox-swagger-ui-2.9.2.jar')
assert log.substring(passed).contains('Skipping tomcat-latency:check')
