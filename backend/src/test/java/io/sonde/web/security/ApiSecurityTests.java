package io.sonde.web.security;

import io.sonde.web.WebSliceTestConfiguration;
import io.sonde.web.api.SystemController;
import io.sonde.web.dashboard.LoginController;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.web.servlet.WebMvcTest;
import org.springframework.context.annotation.Import;
import org.springframework.http.MediaType;
import org.springframework.mock.web.MockHttpSession;
import org.springframework.security.crypto.bcrypt.BCryptPasswordEncoder;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.MvcResult;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestBuilders.formLogin;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

@WebMvcTest(controllers = { SystemController.class, LoginController.class })
@Import(WebSliceTestConfiguration.class)
class ApiSecurityTests {

	private static final String ADMIN_TOKEN = "admin-token-0123456789abcdefghijklmnopqrstuvwxyz";

	private static final String VIEWER_TOKEN = "viewer-token-0123456789abcdefghijklmnopqrstuvwxyz";

	private static final String PASSWORD = "s3cret-for-the-dashboard";

	@Autowired
	private MockMvc mvc;

	@DynamicPropertySource
	static void accounts(DynamicPropertyRegistry properties) {
		properties.add("sonde.security.api-tokens[0].name", () -> "ci");
		properties.add("sonde.security.api-tokens[0].sha256", () -> ApiTokens.sha256Hex(ADMIN_TOKEN));
		properties.add("sonde.security.api-tokens[1].name", () -> "grafana");
		properties.add("sonde.security.api-tokens[1].sha256", () -> ApiTokens.sha256Hex(VIEWER_TOKEN));
		properties.add("sonde.security.api-tokens[1].roles", () -> "VIEWER");
		properties.add("sonde.security.users[0].username", () -> "operator");
		properties.add("sonde.security.users[0].password-hash",
				() -> "{bcrypt}" + new BCryptPasswordEncoder(4).encode(PASSWORD));
	}

	@Test
	void requestWithoutTokenGets401ProblemWithBearerChallenge() throws Exception {
		this.mvc.perform(get("/api/v1/system"))
			.andExpect(status().isUnauthorized())
			.andExpect(header().string("WWW-Authenticate", "Bearer realm=\"sonde\""))
			.andExpect(content().contentType(MediaType.APPLICATION_PROBLEM_JSON))
			.andExpect(jsonPath("$.status").value(401))
			.andExpect(jsonPath("$.title").value("Unauthorized"))
			.andExpect(jsonPath("$.instance").value("/api/v1/system"));
	}

	@Test
	void wrongTokenGets401InvalidToken() throws Exception {
		this.mvc.perform(get("/api/v1/system").header("Authorization", "Bearer not-a-configured-token"))
			.andExpect(status().isUnauthorized())
			.andExpect(header().string("WWW-Authenticate", "Bearer realm=\"sonde\", error=\"invalid_token\""))
			.andExpect(content().contentType(MediaType.APPLICATION_PROBLEM_JSON))
			.andExpect(jsonPath("$.detail").value("The bearer token is not valid."));
	}

	@Test
	void configuredTokenReadsNameVersionAndHealth() throws Exception {
		this.mvc.perform(get("/api/v1/system").header("Authorization", "Bearer " + ADMIN_TOKEN))
			.andExpect(status().isOk())
			.andExpect(content().contentType(MediaType.APPLICATION_JSON))
			.andExpect(jsonPath("$.name").value("sonde"))
			.andExpect(jsonPath("$.version").value("dev"))
			.andExpect(jsonPath("$.status").value("DOWN"))
			.andExpect(jsonPath("$.components.redis").value("UP"))
			.andExpect(jsonPath("$.components.timeseries").value("DOWN"))
			.andExpect(jsonPath("$.components.db").value("OUT_OF_SERVICE"));
	}

	@Test
	void bearerSchemeIsCaseInsensitive() throws Exception {
		this.mvc.perform(get("/api/v1/system").header("Authorization", "bearer " + ADMIN_TOKEN))
			.andExpect(status().isOk());
	}

	@Test
	void viewerTokenMayReadButNotChange() throws Exception {
		this.mvc.perform(get("/api/v1/system").header("Authorization", "Bearer " + VIEWER_TOKEN))
			.andExpect(status().isOk());
		this.mvc.perform(post("/api/v1/system").header("Authorization", "Bearer " + VIEWER_TOKEN))
			.andExpect(status().isForbidden())
			.andExpect(content().contentType(MediaType.APPLICATION_PROBLEM_JSON))
			.andExpect(jsonPath("$.status").value(403));
	}

	@Test
	void apiNeverOpensASession() throws Exception {
		MvcResult result = this.mvc.perform(get("/api/v1/system").header("Authorization", "Bearer " + ADMIN_TOKEN))
			.andReturn();
		assertThat(result.getRequest().getSession(false)).isNull();
		assertThat(result.getResponse().getHeader("Set-Cookie")).isNull();
	}

	@Test
	void dashboardSessionDoesNotOpenTheApi() throws Exception {
		MockHttpSession session = (MockHttpSession) this.mvc
			.perform(formLogin("/login").user("operator").password(PASSWORD))
			.andReturn()
			.getRequest()
			.getSession(false);
		assertThat(session).isNotNull();
		this.mvc.perform(get("/api/v1/system").session(session)).andExpect(status().isUnauthorized());
	}

	@Test
	void apiNeedsNoCsrfTokenForChanges() throws Exception {
		// 405: past security (no CSRF refusal), the endpoint simply has no POST.
		this.mvc.perform(post("/api/v1/system").header("Authorization", "Bearer " + ADMIN_TOKEN))
			.andExpect(status().isMethodNotAllowed());
	}

}
