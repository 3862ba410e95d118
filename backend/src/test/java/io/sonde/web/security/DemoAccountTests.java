package io.sonde.web.security;

import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.Properties;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.web.context.WebServerApplicationContext;
import org.springframework.boot.web.context.WebServerInitializedEvent;
import org.springframework.boot.web.server.WebServer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.BDDMockito.given;
import static org.mockito.Mockito.mock;

@ExtendWith(OutputCaptureExtension.class)
class DemoAccountTests {

	private static final String BASE64URL_256_BITS = "[A-Za-z0-9_-]{43}";

	@TempDir
	Path directory;

	@Test
	void generatesUnguessableUrlSafeSecrets() {
		SecureRandom random = new SecureRandom();
		DemoCredentials first = DemoCredentials.generate(random);
		DemoCredentials second = DemoCredentials.generate(random);
		assertThat(first.username()).isEqualTo("admin");
		assertThat(first.password()).matches(BASE64URL_256_BITS).isNotEqualTo(second.password());
		assertThat(first.apiToken()).matches(BASE64URL_256_BITS).isNotEqualTo(first.password());
	}

	@Test
	void neverPrintsItsSecrets() {
		DemoCredentials credentials = DemoCredentials.generate(new SecureRandom());
		assertThat(credentials.toString()).doesNotContain(credentials.password(), credentials.apiToken(),
				credentials.operatorToken(), credentials.viewerToken());
	}

	@Test
	void writesOwnerOnlyFileAShellCanSource() throws IOException {
		Path file = this.directory.resolve("not/yet/there/credentials.env");
		DemoCredentials credentials = DemoCredentials.generate(new SecureRandom());
		DemoCredentialsFile.write(file, credentials, 8080);
		assertThat(Files.getPosixFilePermissions(file)).isEqualTo(DemoCredentialsFile.OWNER_ONLY);
		Properties lines = read(file);
		assertThat(lines).containsEntry("dashboard_user", "admin")
			.containsEntry("dashboard_password", credentials.password())
			.containsEntry("api_token", credentials.apiToken())
			.containsEntry("operator_token", credentials.operatorToken())
			.containsEntry("viewer_token", credentials.viewerToken())
			.containsEntry("dashboard_url", "http://localhost:8080/");
		assertThat(Files.list(file.getParent())).containsExactly(file);
	}

	@Test
	void replacesTheFileOfAnEarlierStart() throws IOException {
		Path file = this.directory.resolve("credentials.env");
		Files.writeString(file, "dashboard_password=old\n");
		DemoCredentials credentials = DemoCredentials.generate(new SecureRandom());
		DemoCredentialsFile.write(file, credentials, 8080);
		assertThat(read(file)).containsEntry("dashboard_password", credentials.password());
		assertThat(Files.getPosixFilePermissions(file)).isEqualTo(DemoCredentialsFile.OWNER_ONLY);
	}

	@Test
	void waitsForTheWebServerWhenThePortIsPickedAtRandom() throws IOException {
		Path file = this.directory.resolve("credentials.env");
		DemoAccount account = new DemoAccount(file, DemoCredentials.generate(new SecureRandom()), 0);
		assertThat(file).doesNotExist();
		account.onApplicationEvent(serverStarted(43210));
		assertThat(read(file)).containsEntry("dashboard_url", "http://localhost:43210/");
	}

	@Test
	void logsWhereTheFileIsButNeverTheSecrets(CapturedOutput output) throws IOException {
		Path file = this.directory.resolve("credentials.env");
		DemoCredentials credentials = DemoCredentials.generate(new SecureRandom());
		new DemoAccount(file, credentials, 8080);
		assertThat(output).contains("written to " + file.toAbsolutePath())
			.doesNotContain(credentials.password())
			.doesNotContain(credentials.apiToken());
	}

	@Test
	void writesAtOnceWhenThePortIsConfigured() throws IOException {
		Path file = this.directory.resolve("credentials.env");
		new DemoAccount(file, DemoCredentials.generate(new SecureRandom()), 8080);
		assertThat(read(file)).containsEntry("dashboard_url", "http://localhost:8080/");
	}

	private static WebServerInitializedEvent serverStarted(int port) {
		WebServer server = mock(WebServer.class);
		given(server.getPort()).willReturn(port);
		WebServerApplicationContext context = mock(WebServerApplicationContext.class);
		WebServerInitializedEvent event = mock(WebServerInitializedEvent.class);
		given(event.getWebServer()).willReturn(server);
		given(event.getApplicationContext()).willReturn(context);
		return event;
	}

	private static Properties read(Path file) throws IOException {
		Properties properties = new Properties();
		properties.load(new StringReader(Files.readString(file)));
		return properties;
	}

}
