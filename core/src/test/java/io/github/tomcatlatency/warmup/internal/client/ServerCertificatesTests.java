package io.github.tomcatlatency.warmup.internal.client;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;

import org.apache.catalina.connector.Connector;
import org.apache.tomcat.util.net.SSLHostConfig;
import org.apache.tomcat.util.net.SSLHostConfigCertificate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Tests for {@link ServerCertificates}: the warm-up over TLS trusts the connector's own
 * certificate and no other, whoever signed it.
 */
class ServerCertificatesTests {

	@TempDir
	static Path directory;

	@Test
	void trustsTheConnectorsOwnCertificateOnly() throws Exception {
		KeyStore own = keyStore("own");
		ServerCertificates trust = ServerCertificates.of(connector(own));
		assertThat(trust).isNotNull();
		trust.checkServerTrusted(new X509Certificate[] { certificate(own) }, "RSA");
		X509Certificate other = certificate(keyStore("other"));
		assertThatExceptionOfType(CertificateException.class)
			.isThrownBy(() -> trust.checkServerTrusted(new X509Certificate[] { other }, "RSA"));
		assertThatExceptionOfType(CertificateException.class)
			.isThrownBy(() -> trust.checkServerTrusted(new X509Certificate[0], "RSA"));
		assertThatExceptionOfType(CertificateException.class)
			.isThrownBy(() -> trust.checkClientTrusted(new X509Certificate[] { certificate(own) }, "RSA"));
		assertThat(trust.getAcceptedIssuers()).isEmpty();
	}

	@Test
	void connectorWithoutTlsHasNoCertificateToTrust() {
		assertThat(ServerCertificates.of(new Connector())).isNull();
	}

	private static Connector connector(KeyStore keyStore) {
		SSLHostConfig host = new SSLHostConfig();
		SSLHostConfigCertificate certificate = new SSLHostConfigCertificate(host, SSLHostConfigCertificate.Type.RSA);
		certificate.setCertificateKeystore(keyStore);
		host.addCertificate(certificate);
		Connector connector = new Connector();
		connector.addSslHostConfig(host);
		return connector;
	}

	private static X509Certificate certificate(KeyStore keyStore) throws Exception {
		return (X509Certificate) keyStore.getCertificate("server");
	}

	private static KeyStore keyStore(String name) throws Exception {
		Path file = directory.resolve(name + ".p12");
		Process keytool = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
				"-genkeypair", "-alias", "server", "-keyalg", "RSA", "-keysize", "2048", "-dname", "CN=localhost",
				"-validity", "1", "-storetype", "PKCS12", "-keystore", file.toString(), "-storepass", "secret")
			.inheritIO()
			.start();
		assertThat(keytool.waitFor()).isZero();
		KeyStore keyStore = KeyStore.getInstance("PKCS12");
		try (InputStream in = Files.newInputStream(file)) {
			keyStore.load(in, "secret".toCharArray());
		}
		return keyStore;
	}

}
