package io.sonde.web.security;

import java.io.IOException;
import java.net.ConnectException;
import java.net.CookieManager;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sonde.testsupport.SharedApiContext;
import io.sonde.topology.ApiCaller;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.web.context.WebServerApplicationContext;
import org.springframework.boot.web.embedded.tomcat.TomcatWebServer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * What the backend shows, and to whom, with its default configuration: it listens on
 * 127.0.0.1 only (127.0.0.2, also this host's loopback, is refused), and its health
 * answers anonymous callers with the overall status alone, while API tokens and signed-in
 * users see the components and their details.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class ExposureIntegrationTests extends SharedApiContext {

	private static final ObjectMapper JSON = new ObjectMapper();

	@Autowired
	WebServerApplicationContext context;

	@Test
	void listensOnTheLoopbackAddressOnlyByDefault() throws Exception {
		TomcatWebServer server = (TomcatWebServer) this.context.getWebServer();
		Object bound = server.getTomcat().getConnector().getProperty("address");
		assertThat(bound).isEqualTo(InetAddress.getByName("127.0.0.1"));

		try (Socket loopback = new Socket()) {
			loopback.connect(new InetSocketAddress("127.0.0.1", this.port), 5000);
		}
		// Another loopback address of this host: answered only when bound
		// to every address.
		assertThatThrownBy(() -> {
			try (Socket other = new Socket()) {
				other.connect(new InetSocketAddress("127.0.0.2", this.port), 5000);
			}
		}).isInstanceOf(ConnectException.class);
	}

	@Test
	void anonymousHealthShowsTheOverallStatusOnly() throws Exception {
		HttpResponse<String> health = send(HttpRequest.newBuilder(uri("/actuator/health")), HttpClient.newHttpClient());

		assertThat(health.statusCode()).isIn(200, 503);
		JsonNode body = JSON.readTree(health.body());
		assertThat(body.path("status").asText()).isIn("UP", "DOWN");
		assertThat(body.fieldNames()).toIterable().containsExactly("status");
	}

	@Test
	void anApiTokenSeesTheHealthComponentsAndTheirDetails() throws Exception {
		HttpResponse<String> health = send(HttpRequest.newBuilder(uri("/actuator/health"))
			.header("Authorization", "Bearer " + ApiCaller.VIEWER_TOKEN), HttpClient.newHttpClient());

		JsonNode components = JSON.readTree(health.body()).path("components");
		assertThat(components.fieldNames()).toIterable().contains("redis", "timeseries", "diskSpace", "ping");
		assertThat(components.path("redis").path("details").isEmpty()).as(health.body()).isFalse();
		assertThat(components.path("diskSpace").path("details").has("free")).isTrue();
	}

	@Test
	void aSignedInUserSeesTheHealthComponents() throws Exception {
		HttpClient browser = HttpClient.newBuilder()
			.cookieHandler(new CookieManager())
			.followRedirects(HttpClient.Redirect.NEVER)
			.build();
		String loginPage = send(HttpRequest.newBuilder(uri("/login")), browser).body();
		Matcher csrf = Pattern.compile("name=\"_csrf\"[^>]*value=\"([^\"]+)\"").matcher(loginPage);
		assertThat(csrf.find()).as("the login form carries a CSRF token").isTrue();
		String form = "username=viewer&password=" + URLEncoder.encode(VIEWER_PASSWORD, StandardCharsets.UTF_8)
				+ "&_csrf=" + URLEncoder.encode(csrf.group(1), StandardCharsets.UTF_8);
		HttpResponse<String> signedIn = send(HttpRequest.newBuilder(uri("/login"))
			.header("Content-Type", "application/x-www-form-urlencoded")
			.POST(HttpRequest.BodyPublishers.ofString(form)), browser);
		assertThat(signedIn.headers().firstValue("Location")).hasValueSatisfying(
				(location) -> assertThat(location).as("signed in, not sent back to the form").doesNotContain("error"));

		JsonNode health = JSON.readTree(send(HttpRequest.newBuilder(uri("/actuator/health")), browser).body());
		assertThat(health.path("components").fieldNames()).toIterable().contains("redis", "timeseries");
	}

	private URI uri(String path) {
		return URI.create("http://127.0.0.1:" + this.port + path);
	}

	private static HttpResponse<String> send(HttpRequest.Builder request, HttpClient client)
			throws IOException, InterruptedException {
		return client.send(request.timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
	}

}
