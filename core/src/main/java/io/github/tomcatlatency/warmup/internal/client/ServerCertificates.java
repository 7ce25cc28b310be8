package io.github.tomcatlatency.warmup.internal.client;

import java.io.IOException;
import java.net.Socket;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import javax.net.ssl.HostnameVerifier;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLPeerUnverifiedException;
import javax.net.ssl.SSLSession;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509ExtendedTrustManager;

import org.apache.catalina.connector.Connector;
import org.apache.tomcat.util.net.SSLHostConfig;
import org.apache.tomcat.util.net.SSLHostConfigCertificate;
import org.jspecify.annotations.Nullable;

/**
 * The certificates a TLS connector presents, as the warm-up's only trust: a server that
 * presents any other certificate, whoever signed it, is not the application's own. The
 * warm-up connects to a loopback address, which the certificate need not name: the exact
 * certificate stands in for the host name.
 */
final class ServerCertificates extends X509ExtendedTrustManager implements HostnameVerifier {

	private final Set<X509Certificate> certificates;

	private final SSLContext context;

	private ServerCertificates(Set<X509Certificate> certificates) throws GeneralSecurityException {
		this.certificates = certificates;
		this.context = SSLContext.getInstance("TLS");
		this.context.init(null, new TrustManager[] { this }, null);
	}

	/**
	 * Return the trust of a connector's certificates: those of every key store its TLS
	 * hosts hold, under the configured alias or, without one, every key entry's.
	 * @param connector the connector
	 * @return the trust, or {@code null} if the connector holds no certificate in a key
	 * store that can be read
	 */
	static @Nullable ServerCertificates of(Connector connector) {
		Set<X509Certificate> certificates = new HashSet<>();
		for (SSLHostConfig host : connector.findSslHostConfigs()) {
			for (SSLHostConfigCertificate certificate : host.getCertificates()) {
				certificates.addAll(read(certificate));
			}
		}
		if (certificates.isEmpty()) {
			return null;
		}
		try {
			return new ServerCertificates(Collections.unmodifiableSet(certificates));
		}
		catch (GeneralSecurityException ex) {
			return null;
		}
	}

	private static List<X509Certificate> read(SSLHostConfigCertificate certificate) {
		try {
			// Tomcat's own: the key store Spring Boot's SSL bundle gave it, or the one
			// it loads from its configured file.
			KeyStore store = certificate.getCertificateKeystore();
			if (store == null) {
				return List.of();
			}
			String alias = certificate.getCertificateKeyAlias();
			List<String> aliases = (alias != null) ? List.of(alias) : Collections.list(store.aliases());
			List<X509Certificate> read = new ArrayList<>();
			for (String entry : aliases) {
				Certificate found = store.isKeyEntry(entry) ? store.getCertificate(entry) : null;
				if (found instanceof X509Certificate x509) {
					read.add(x509);
				}
			}
			return read;
		}
		catch (IOException | GeneralSecurityException ex) {
			return List.of();
		}
	}

	/**
	 * Return the TLS context that trusts these certificates only.
	 * @return the context
	 */
	SSLContext context() {
		return this.context;
	}

	@Override
	public boolean verify(String hostname, SSLSession session) {
		try {
			Certificate[] presented = session.getPeerCertificates();
			return presented.length > 0 && this.certificates.contains(presented[0]);
		}
		catch (SSLPeerUnverifiedException ex) {
			return false;
		}
	}

	@Override
	public void checkServerTrusted(X509Certificate[] chain, String authType) throws CertificateException {
		if (chain == null || chain.length == 0 || !this.certificates.contains(chain[0])) {
			throw new CertificateException("Not the certificate of the application's own TLS connector");
		}
	}

	@Override
	public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket)
			throws CertificateException {
		checkServerTrusted(chain, authType);
	}

	@Override
	public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine)
			throws CertificateException {
		checkServerTrusted(chain, authType);
	}

	@Override
	public void checkClientTrusted(X509Certificate[] chain, String authType) throws CertificateException {
		throw new CertificateException("The warm-up's client trusts no client");
	}

	@Override
	public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket)
			throws CertificateException {
		checkClientTrusted(chain, authType);
	}

	@Override
	public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine)
			throws CertificateException {
		checkClientTrusted(chain, authType);
	}

	@Override
	public X509Certificate[] getAcceptedIssuers() {
		return new X509Certificate[0];
	}

}
