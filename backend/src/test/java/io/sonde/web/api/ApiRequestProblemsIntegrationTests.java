package io.sonde.web.api;

import java.net.CookieManager;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;
import io.sonde.testsupport.SharedApiContext;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;

import static io.sonde.topology.ApiCaller.OPERATOR_TOKEN;
import static io.sonde.topology.ApiCaller.VIEWER_TOKEN;
import static io.sonde.topology.ApiCaller.json;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Spring MVC's own request failures on a running backend, answered in one place for every
 * module's API: an unknown path under {@code /api} is a problem+json 404 saying there is
 * no such endpoint, a parameter of the wrong type or a missing one names the parameter;
 * an unknown dashboard path still gets the HTML error page.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class ApiRequestProblemsIntegrationTests extends SharedApiContext {

	@Test
	void anUnknownApiPathIsAProblem404SayingThereIsNoSuchEndpoint() {
		for (HttpResponse<String> missing : java.util.List.of(this.api.get("/api/v1/nothing", VIEWER_TOKEN),
				this.api.postJson("/api/v1/int/nothing", "{}", OPERATOR_TOKEN),
				this.api.get("/api/v2/switches", VIEWER_TOKEN))) {
			assertThat(missing.statusCode()).as(missing.body()).isEqualTo(404);
			assertThat(missing.headers().firstValue("Content-Type"))
				.hasValueSatisfying((type) -> assertThat(type).startsWith("application/problem+json"));
			JsonNode problem = json(missing);
			assertThat(problem.get("title").asText()).isEqualTo("No such endpoint");
			assertThat(problem.get("detail").asText()).startsWith("there is no API endpoint ")
				.contains(missing.request().uri().getPath())
				.doesNotContain("static resource");
		}
		assertThat(json(this.api.get("/api/v1/nothing", VIEWER_TOKEN)).get("detail").asText())
			.isEqualTo("there is no API endpoint GET /api/v1/nothing; GET /v3/api-docs describes the API");
	}

	@Test
	void aParameterOfTheWrongTypeOrAMissingOneIsNamed() {
		HttpResponse<String> notANumber = this.api.get("/api/v1/topology/generated?kind=watts-strogatz&n=many",
				VIEWER_TOKEN);
		assertThat(notANumber.statusCode()).isEqualTo(400);
		assertThat(json(notANumber).get("field").asText()).isEqualTo("n");
		assertThat(json(notANumber).get("detail").asText()).isEqualTo("n: 'many' is not an integer");

		HttpResponse<String> notAFraction = this.api
			.get("/api/v1/topology/generated?kind=watts-strogatz&n=10&k=2&beta=half", VIEWER_TOKEN);
		assertThat(json(notAFraction).get("detail").asText()).isEqualTo("beta: 'half' is not a number");

		HttpResponse<String> notABoolean = this.api.postJson("/api/v1/switches/s1/pipeline?force=maybe", "",
				OPERATOR_TOKEN);
		assertThat(notABoolean.statusCode()).isEqualTo(400);
		assertThat(json(notABoolean).get("field").asText()).isEqualTo("force");

		HttpResponse<String> missing = this.api.get("/api/v1/topology/generated", VIEWER_TOKEN);
		assertThat(missing.statusCode()).isEqualTo(400);
		assertThat(missing.headers().firstValue("Content-Type"))
			.hasValueSatisfying((type) -> assertThat(type).startsWith("application/problem+json"));
		assertThat(json(missing).get("field").asText()).isEqualTo("kind");
	}

	@Test
	void anUnknownDashboardPathKeepsTheHtmlErrorPage() throws Exception {
		HttpClient browser = HttpClient.newBuilder()
			.cookieHandler(new CookieManager())
			.followRedirects(HttpClient.Redirect.NEVER)
			.build();
		String login = browser.send(page("/login").build(), HttpResponse.BodyHandlers.ofString()).body();
		Matcher csrf = Pattern.compile("name=\"_csrf\" value=\"([^\"]+)\"").matcher(login);
		assertThat(csrf.find()).as("the login form carries a CSRF token").isTrue();
		HttpResponse<String> signedIn = browser
			.send(page("/login").header("Content-Type", "application/x-www-form-urlencoded")
				.POST(HttpRequest.BodyPublishers.ofString("username=viewer&password="
						+ URLEncoder.encode(VIEWER_PASSWORD, StandardCharsets.UTF_8) + "&_csrf=" + csrf.group(1)))
				.build(), HttpResponse.BodyHandlers.ofString());
		assertThat(signedIn.headers().firstValue("Location"))
			.hasValueSatisfying((location) -> assertThat(location).doesNotContain("error"));

		HttpResponse<String> missing = browser.send(page("/nothing").build(), HttpResponse.BodyHandlers.ofString());

		assertThat(missing.statusCode()).isEqualTo(404);
		assertThat(missing.headers().firstValue("Content-Type"))
			.hasValueSatisfying((type) -> assertThat(type).startsWith("text/html"));
		assertThat(missing.body()).contains("<html").contains("status=404");
	}

	private HttpRequest.Builder page(String path) {
		return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + path))
			.header("Accept", "text/html,application/xhtml+xml");
	}

}
