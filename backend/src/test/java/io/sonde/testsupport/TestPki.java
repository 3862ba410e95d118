package io.sonde.testsupport;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Certificates and keys made with openssl in a directory of the test's, for switches that
 * speak TLS: a CA ({@code ca.pem}), a switch certificate for 127.0.0.1 signed by it
 * ({@code switch.pem}, {@code switch.key}), a controller certificate for mutual TLS
 * ({@code controller.pem}, {@code controller.key}, PKCS#8), the same controller key in
 * the traditional RSA form ({@code controller-rsa.key}), and an unrelated CA
 * ({@code other.pem}, {@code other.key}).
 */
public final class TestPki {

	private final Path directory;

	private TestPki(Path directory) {
		this.directory = directory;
	}

	public static TestPki create(Path directory) {
		TestPki pki = new TestPki(directory);
		try {
			Files.createDirectories(directory);
			pki.openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=sonde-test-ca",
					"-keyout", "ca.key", "-out", "ca.pem");
			pki.openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=other-ca",
					"-keyout", "other.key", "-out", "other.pem");
			pki.issue("switch", "/CN=127.0.0.1", "subjectAltName=IP:127.0.0.1");
			pki.issue("controller", "/CN=sonde", "extendedKeyUsage=clientAuth");
			pki.openssl("rsa", "-in", "controller.key", "-traditional", "-out", "controller-rsa.key");
		}
		catch (IOException ex) {
			throw new IllegalStateException("cannot make test certificates in " + directory, ex);
		}
		return pki;
	}

	public Path directory() {
		return this.directory;
	}

	public File file(String name) {
		return this.directory.resolve(name).toFile();
	}

	public Path path(String name) {
		return this.directory.resolve(name);
	}

	/** A file's PEM text, as an operator would paste it into a registration. */
	public String pem(String name) {
		try {
			return Files.readString(this.directory.resolve(name));
		}
		catch (IOException ex) {
			throw new IllegalStateException("cannot read " + name, ex);
		}
	}

	private void issue(String name, String subject, String extension) throws IOException {
		openssl("req", "-newkey", "rsa:2048", "-nodes", "-subj", subject, "-keyout", name + ".key", "-out",
				name + ".csr");
		Files.writeString(this.directory.resolve(name + ".ext"), extension + "\n");
		openssl("x509", "-req", "-in", name + ".csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial", "-days",
				"1", "-extfile", name + ".ext", "-out", name + ".pem");
	}

	private void openssl(String... arguments) throws IOException {
		List<String> command = new ArrayList<>(List.of("openssl"));
		command.addAll(List.of(arguments));
		Process process = new ProcessBuilder(command).directory(this.directory.toFile())
			.redirectErrorStream(true)
			.start();
		String output = new String(process.getInputStream().readAllBytes());
		try {
			if (process.waitFor() != 0) {
				throw new IOException(String.join(" ", command) + " failed: " + output);
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IOException("interrupted: " + String.join(" ", command), ex);
		}
	}

}
