package io.sonde.switches.internal.tls;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import io.sonde.switches.SwitchDeviceRejected;
import io.sonde.switches.SwitchTls;
import io.sonde.testsupport.OpenedFileTrap;
import io.sonde.testsupport.TestPki;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatNoException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * TLS material from PEM text or from files of one directory, on real files: what is
 * inside the directory is read and parsed; a path outside it ({@code /etc/shadow},
 * {@code ../x}, an absolute path, a symbolic link pointing out) is refused by its path
 * alone. "Not opened" is shown two ways: the files outside hold a valid CA, which an open
 * would have accepted, and a named pipe outside reports any open. No refusal repeats what
 * it was given or what a file held.
 */
class TlsMaterialTests {

	/** Text a refusal must never echo. */
	private static final String CANARY = "root:$6$sonde-canary-8c1f0e:19700:0:99999:7:::";

	@TempDir
	static Path root;

	private static TestPki pki;

	private static Path tlsDirectory;

	private static TlsMaterial material;

	@BeforeAll
	static void directoryWithCertificatesAndValidCaOutside() throws Exception {
		pki = TestPki.create(root.resolve("pki"));
		tlsDirectory = Files.createDirectories(root.resolve("tls"));
		for (String name : new String[] { "ca.pem", "controller.pem", "controller.key", "controller-rsa.key" }) {
			Files.copy(pki.path(name), tlsDirectory.resolve(name));
		}
		Files.createDirectories(tlsDirectory.resolve("edge"));
		Files.copy(pki.path("ca.pem"), tlsDirectory.resolve("edge/ca.pem"));
		Files.copy(pki.path("ca.pem"), root.resolve("outside-ca.pem"));
		Files.writeString(tlsDirectory.resolve("shadow-like"), CANARY + "\n");
		Files.createSymbolicLink(tlsDirectory.resolve("escape.pem"), root.resolve("outside-ca.pem"));
		Files.createSymbolicLink(tlsDirectory.resolve("inside-link.pem"), tlsDirectory.resolve("edge/ca.pem"));
		material = new TlsMaterial(TlsDirectory.of(tlsDirectory));
	}

	@Test
	void acceptsInlinePemForTheCaTheCertificateAndTheKey() {
		assertThatNoException().isThrownBy(() -> material
			.check(new SwitchTls(pki.pem("ca.pem"), pki.pem("controller.pem"), pki.pem("controller.key"))));
	}

	@Test
	void acceptsFileNamesInTheDirectoryRelativeOrAbsoluteAndLinksThatStayInside() {
		assertThatNoException()
			.isThrownBy(() -> material.check(new SwitchTls("ca.pem", "controller.pem", "controller.key")));
		assertThatNoException().isThrownBy(() -> material.check(new SwitchTls("edge/ca.pem", null, null)));
		assertThatNoException()
			.isThrownBy(() -> material.check(new SwitchTls(tlsDirectory.resolve("ca.pem").toString(), null, null)));
		assertThatNoException().isThrownBy(() -> material.check(new SwitchTls("inside-link.pem", null, null)));
	}

	@Test
	void buildsAClientContextFromEitherForm() throws Exception {
		assertThat(
				material.clientContext(new SwitchTls("ca.pem", pki.pem("controller.pem"), "controller.key")).isClient())
			.isTrue();
	}

	@Test
	void refusesEtcShadowAsOutsideTheDirectory() {
		assertRefused(new SwitchTls("/etc/shadow", null, null), "tls.caCertificate",
				"is outside the TLS directory " + tlsDirectory);
	}

	@Test
	void refusesDotDotToAValidCaOutsideWithoutReadingIt() {
		assertRefused(new SwitchTls("../outside-ca.pem", null, null), "tls.caCertificate",
				"is outside the TLS directory");
		assertRefused(new SwitchTls("edge/../../outside-ca.pem", null, null), "tls.caCertificate",
				"is outside the TLS directory");
	}

	@Test
	void refusesAnAbsolutePathToAValidCaOutside() {
		assertRefused(new SwitchTls(root.resolve("outside-ca.pem").toString(), null, null), "tls.caCertificate",
				"is outside the TLS directory");
	}

	@Test
	void refusesASymbolicLinkInTheDirectoryThatPointsOutside() {
		assertRefused(new SwitchTls("escape.pem", null, null), "tls.caCertificate", "is outside the TLS directory");
	}

	@Test
	void neverOpensAFileOutsideTheDirectoryWhateverThePathToIt() throws Exception {
		try (OpenedFileTrap trap = OpenedFileTrap.at(root.resolve("outside-pipe"))) {
			Path link = Files.createSymbolicLink(tlsDirectory.resolve("pipe-link.pem"), trap.path());
			try {
				for (String path : new String[] { trap.path().toString(), "../outside-pipe", "pipe-link.pem" }) {
					assertRefused(new SwitchTls("ca.pem", "controller.pem", path), "tls.clientKey",
							"is outside the TLS directory");
				}
				assertThat(trap.openedWithin(Duration.ofSeconds(1))).as("the pipe outside was opened").isFalse();
			}
			finally {
				Files.delete(link);
			}
		}
	}

	@Test
	void opensNothingButRegularFilesInsideTheDirectory() throws Exception {
		try (OpenedFileTrap trap = OpenedFileTrap.at(tlsDirectory.resolve("inside-pipe"))) {
			assertRefused(new SwitchTls("inside-pipe", null, null), "tls.caCertificate", "names no regular file");
			assertThat(trap.openedWithin(Duration.ofSeconds(1))).isFalse();
		}
	}

	@Test
	void refusesAFileThatIsNotPemWithoutQuotingIt() {
		assertRefused(new SwitchTls("shadow-like", null, null), "tls.caCertificate", "is not PEM");
	}

	@Test
	void refusesPemThatIsNotACertificate() {
		assertRefused(
				new SwitchTls("-----BEGIN CERTIFICATE-----\nbm90IGEgY2VydGlmaWNhdGU=\n-----END CERTIFICATE-----\n",
						null, null),
				"tls.caCertificate", "is not an X.509 certificate");
		assertRefused(new SwitchTls(pki.pem("controller.key"), null, null), "tls.caCertificate",
				"holds no PEM certificate");
		assertRefused(new SwitchTls("ca.pem", "controller.pem", pki.pem("controller.pem")), "tls.clientKey",
				"must hold exactly one PEM private key");
	}

	@Test
	void refusesATraditionalRsaKeyNamingTheConversion() {
		assertRefused(new SwitchTls("ca.pem", "controller.pem", "controller-rsa.key"), "tls.clientKey",
				"openssl pkcs8 -topk8 -nocrypt");
	}

	@Test
	void refusesAKeyThatDoesNotBelongToTheCertificate() {
		assertRefused(new SwitchTls("ca.pem", "controller.pem", pki.pem("other.key")), "tls.clientKey",
				"is not the key of tls.clientCertificate");
	}

	@Test
	void refusesAFileThatIsNotThere() {
		assertRefused(new SwitchTls("missing.pem", null, null), "tls.caCertificate", "names no file");
	}

	@Test
	void withoutADirectoryOnlyPemTextIsAccepted() {
		TlsMaterial inlineOnly = new TlsMaterial(TlsDirectory.none());
		assertThatNoException().isThrownBy(() -> inlineOnly.check(new SwitchTls(pki.pem("ca.pem"), null, null)));
		assertThatThrownBy(() -> inlineOnly.check(new SwitchTls(pki.path("ca.pem").toString(), null, null)))
			.isInstanceOfSatisfying(SwitchDeviceRejected.class, (rejected) -> {
				assertThat(rejected.field()).isEqualTo("tls.caCertificate");
				assertThat(rejected.getMessage()).contains("no TLS directory is configured")
					.doesNotContain(pki.path("ca.pem").toString());
			});
	}

	@Test
	void aMissingDirectoryStopsTheStart() {
		assertThatThrownBy(() -> TlsDirectory.of(root.resolve("no-such-directory")))
			.isInstanceOf(IllegalStateException.class)
			.hasMessageContaining("sonde.switches.tls-directory");
	}

	@Test
	void redactedShowsFileNamesAndHidesPemText() {
		SwitchTls shown = new SwitchTls("ca.pem", pki.pem("controller.pem"), pki.pem("controller.key")).redacted();
		assertThat(shown).isEqualTo(new SwitchTls("ca.pem", SwitchTls.INLINE_PEM, SwitchTls.INLINE_PEM));
	}

	@Test
	void inlinePemShownAsPlaceholderIsKeptWhenSentBack() {
		SwitchTls stored = new SwitchTls(pki.pem("ca.pem"), "controller.pem", pki.pem("controller.key"));
		assertThat(stored.redacted().keepingInline(stored)).isEqualTo(stored);
	}

	/**
	 * Refused with the field and the reason, and without the value given or anything
	 * read.
	 */
	private static void assertRefused(SwitchTls tls, String field, String reason) {
		assertThatThrownBy(() -> material.check(tls)).isInstanceOfSatisfying(SwitchDeviceRejected.class, (rejected) -> {
			assertThat(rejected.field()).isEqualTo(field);
			assertThat(rejected.getMessage()).startsWith(field + " ").contains(reason).doesNotContain(CANARY);
			for (String part : new String[] { tls.caCertificate(), tls.clientCertificate(), tls.clientKey() }) {
				if (part != null && !part.startsWith(tlsDirectory.toString())) {
					assertThat(rejected.getMessage()).doesNotContain(part.strip());
				}
			}
		});
	}

}
