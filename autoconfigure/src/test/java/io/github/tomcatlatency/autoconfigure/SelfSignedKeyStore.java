package io.github.tomcatlatency.autoconfigure;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A PKCS#12 key store with a self-signed certificate for {@code localhost} under the
 * alias {@code server}, password {@code secret}, written by the JDK's {@code keytool}:
 * for a server that listens only with TLS.
 */
public final class SelfSignedKeyStore {

	private SelfSignedKeyStore() {
	}

	/**
	 * Write a key store and return the server properties that use it.
	 * @param directory where to write it
	 * @return {@code server.ssl} properties
	 * @throws Exception if keytool fails
	 */
	public static String[] serverProperties(Path directory) throws Exception {
		Path keyStore = directory.resolve("server.p12");
		Process keytool = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
				"-genkeypair", "-alias", "server", "-keyalg", "RSA", "-keysize", "2048", "-dname", "CN=localhost",
				"-validity", "1", "-storetype", "PKCS12", "-keystore", keyStore.toString(), "-storepass", "secret")
			.inheritIO()
			.start();
		assertThat(keytool.waitFor()).isZero();
		return new String[] { "server.ssl.key-store=" + keyStore.toUri(), "server.ssl.key-store-password=secret",
				"server.ssl.key-alias=server" };
	}

}
