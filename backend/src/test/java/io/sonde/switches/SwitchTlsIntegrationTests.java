package io.sonde.switches;

import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sonde.emulator.p4rt.EmulatedP4RuntimeServer;
import io.sonde.emulator.p4rt.ServerTls;
import io.sonde.testsupport.OpenedFileTrap;
import io.sonde.testsupport.OwnBackendContext;
import io.sonde.testsupport.TestPki;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static io.sonde.topology.ApiCaller.OPERATOR_TOKEN;
import static io.sonde.topology.ApiCaller.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * TLS through the switches API, on a backend whose TLS directory is a temporary one and
 * against emulated switches that require mutual TLS: a switch registered with PEM text,
 * and one with file names in the directory, both become primary, and no answer shows the
 * PEM back. {@code /etc/shadow}, {@code ../x} and a link leading out of the directory are
 * 400s naming the field, nothing is registered, and the file outside (a named pipe that
 * reports any open) is never opened; a registration Redis holds from before (a path
 * outside) is refused where the connection would read it.
 */
class SwitchTlsIntegrationTests extends OwnBackendContext {

	private static final Duration CONNECTED = Duration.ofSeconds(30);

	private static final ObjectMapper JSON = new ObjectMapper();

	@TempDir
	static Path root;

	private static TestPki pki;

	private static EmulatedP4RuntimeServer inlineSwitch;

	private static EmulatedP4RuntimeServer fileSwitch;

	@Autowired
	StringRedisTemplate redisTemplate;

	@BeforeAll
	static void certificatesAndSwitches() {
		pki = TestPki.create(root.resolve("tls"));
		ServerTls tls = new ServerTls(pki.file("switch.pem"), pki.file("switch.key"), pki.file("ca.pem"));
		inlineSwitch = EmulatedP4RuntimeServer.startTls("tls-inline", 21, 0, tls);
		fileSwitch = EmulatedP4RuntimeServer.startTls("tls-files", 22, 0, tls);
	}

	@DynamicPropertySource
	static void service(DynamicPropertyRegistry properties) {
		properties.add("sonde.switches.tls-directory", () -> root.resolve("tls").toString());
	}

	@AfterAll
	static void stopEverything() {
		inlineSwitch.close();
		fileSwitch.close();
	}

	@Test
	void aSwitchRegisteredWithPemTextConnectsOverMutualTlsAndThePemIsNeverShown() {
		HttpResponse<String> created = register("tls-inline", inlineSwitch,
				tls(pki.pem("ca.pem"), pki.pem("controller.pem"), pki.pem("controller.key")));

		assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
		JsonNode shown = json(created).path("device").path("tls");
		assertThat(shown.path("caCertificate").asText()).isEqualTo(SwitchTls.INLINE_PEM);
		assertThat(shown.path("clientKey").asText()).isEqualTo(SwitchTls.INLINE_PEM);
		awaitPrimary("tls-inline");
		String listed = this.api.get("/api/v1/switches", OPERATOR_TOKEN).body();
		assertThat(listed).doesNotContain("PRIVATE KEY").doesNotContain(keyBody());
		assertThat(inlineSwitch.hasPipeline()).isTrue();
	}

	@Test
	void aSwitchRegisteredWithFileNamesInTheTlsDirectoryConnectsOverMutualTls() {
		HttpResponse<String> created = register("tls-files", fileSwitch,
				tls("ca.pem", "controller.pem", "controller.key"));

		assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
		assertThat(json(created).path("device").path("tls").path("clientKey").asText()).isEqualTo("controller.key");
		awaitPrimary("tls-files");
		assertThat(fileSwitch.hasPipeline()).isTrue();
	}

	@Test
	void etcShadowIsRefusedAsOutsideTheTlsDirectory() {
		assertRefusedAsOutside("shadow", tls("/etc/shadow", null, null), "tls.caCertificate");
	}

	@Test
	void dotDotToAValidCaOutsideIsRefusedAsOutsideTheTlsDirectory() throws Exception {
		Files.copy(pki.path("ca.pem"), root.resolve("x"));
		// Read, the file would be accepted: the refusal comes from its path alone.
		assertRefusedAsOutside("dot-dot", tls("../x", null, null), "tls.caCertificate");
	}

	@Test
	void aLinkInTheDirectoryLeadingOutIsRefusedAndWhatItLeadsToIsNeverOpened() throws Exception {
		try (OpenedFileTrap trap = OpenedFileTrap.at(root.resolve("outside-key"))) {
			Files.createSymbolicLink(root.resolve("tls/escape.key"), trap.path());

			assertRefusedAsOutside("escape", tls("ca.pem", "controller.pem", "escape.key"), "tls.clientKey");
			assertRefusedAsOutside("escape-absolute", tls("ca.pem", "controller.pem", trap.path().toString()),
					"tls.clientKey");
			assertThat(trap.openedWithin(Duration.ofSeconds(1))).as("the file outside was opened").isFalse();
		}
	}

	@Test
	void pemThatIsNotACertificateIsRefusedWithoutBeingEchoed() {
		String notACertificate = "-----BEGIN CERTIFICATE-----\nc2VjcmV0LXNvbmRlLWNhbmFyeQ==\n-----END CERTIFICATE-----";

		HttpResponse<String> refused = register("bad-pem", inlineSwitch, tls(notACertificate, null, null));

		assertThat(refused.statusCode()).isEqualTo(400);
		assertThat(refused.headers().firstValue("Content-Type")).hasValue("application/problem+json");
		assertThat(json(refused).path("field").asText()).isEqualTo("tls.caCertificate");
		assertThat(refused.body()).contains("not an X.509 certificate").doesNotContain("c2VjcmV0LXNvbmRlLWNhbmFyeQ");
	}

	@Test
	void aRegistrationFromBeforeWithAPathOutsideIsRefusedWhereTheConnectionWouldOpenIt() {
		try (OpenedFileTrap trap = OpenedFileTrap.at(root.resolve("legacy-ca.pem"))) {
			ObjectNode legacy = device("legacy", 1, 23);
			legacy.set("tls", tls(trap.path().toString(), null, null));
			legacy.put("role", "").put("pipeline", SwitchDevice.SONDE_PIPELINE).put("enabled", true);
			// As a registration stored before the TLS directory existed:
			// straight into Redis.
			this.redisTemplate.opsForHash().put("sonde:switches:devices", "legacy", legacy.toString());

			await().atMost(CONNECTED).untilAsserted(() -> {
				JsonNode connection = json(this.api.get("/api/v1/switches/legacy", OPERATOR_TOKEN)).path("connection");
				assertThat(connection.path("state").asText()).isEqualTo("UNREACHABLE");
				assertThat(connection.path("lastError").asText())
					.isEqualTo("TLS not set up: tls.caCertificate is outside the TLS directory " + root.resolve("tls")
							+ " (sonde.switches.tls-directory): give a file name in it, or the PEM text");
			});
			assertThat(trap.openedWithin(Duration.ofSeconds(1))).as("the file outside was opened").isFalse();
		}
	}

	private void assertRefusedAsOutside(String name, ObjectNode tls, String field) {
		HttpResponse<String> refused = register(name, inlineSwitch, tls);

		assertThat(refused.statusCode()).as(refused.body()).isEqualTo(400);
		assertThat(refused.headers().firstValue("Content-Type")).hasValue("application/problem+json");
		JsonNode problem = json(refused);
		assertThat(problem.path("field").asText()).isEqualTo(field);
		assertThat(problem.path("detail").asText()).startsWith(field + " is outside the TLS directory");
		assertThat(this.api.get("/api/v1/switches/" + name, OPERATOR_TOKEN).statusCode()).as("nothing registered")
			.isEqualTo(404);
	}

	private HttpResponse<String> register(String name, EmulatedP4RuntimeServer server, ObjectNode tls) {
		ObjectNode body = device(name, server.port(), server.deviceId());
		body.set("tls", tls);
		return this.api.postJson("/api/v1/switches", body.toString(), OPERATOR_TOKEN);
	}

	private void awaitPrimary(String name) {
		await().atMost(CONNECTED).untilAsserted(() -> {
			JsonNode connection = json(this.api.get("/api/v1/switches/" + name, OPERATOR_TOKEN)).path("connection");
			assertThat(connection.path("state").asText()).as(connection.toString()).isEqualTo("PRIMARY");
		});
	}

	private static ObjectNode device(String name, int port, long deviceId) {
		return JSON.createObjectNode()
			.put("name", name)
			.put("host", "127.0.0.1")
			.put("port", port)
			.put("deviceId", deviceId)
			.put("electionId", 1);
	}

	private static ObjectNode tls(String ca, String certificate, String key) {
		ObjectNode tls = JSON.createObjectNode().put("caCertificate", ca);
		if (certificate != null) {
			tls.put("clientCertificate", certificate).put("clientKey", key);
		}
		return tls;
	}

	/** A line from the middle of the controller's key. */
	private static String keyBody() {
		return pki.pem("controller.key").lines().skip(5).findFirst().orElseThrow();
	}

}
