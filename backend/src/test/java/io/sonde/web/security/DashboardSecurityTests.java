package io.sonde.web.security;

import io.sonde.web.WebSliceTestConfiguration;
import io.sonde.web.dashboard.LoginController;
import io.sonde.web.dashboard.OverviewController;
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

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestBuilders.formLogin;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestBuilders.logout;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.csrf;
import static org.springframework.security.test.web.servlet.response.SecurityMockMvcResultMatchers.authenticated;
import static org.springframework.security.test.web.servlet.response.SecurityMockMvcResultMatchers.unauthenticated;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.redirectedUrl;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.redirectedUrlPattern;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

@WebMvcTest(controllers = { OverviewController.class, LoginController.class })
@Import(WebSliceTestConfiguration.class)
class DashboardSecurityTests {

	private static final String PASSWORD = "correct horse battery staple";

	private static final String TOKEN = "a-token-for-scripts-0123456789abcdefghijklmnop";

	@Autowired
	private MockMvc mvc;

	@DynamicPropertySource
	static void operatorAccount(DynamicPropertyRegistry properties) {
		properties.add("sonde.security.api-tokens[0].name", () -> "ci");
		properties.add("sonde.security.api-tokens[0].sha256", () -> ApiTokens.sha256Hex(TOKEN));
		properties.add("sonde.security.users[0].username", () -> "operator");
		properties.add("sonde.security.users[0].password-hash",
				() -> "{bcrypt}" + new BCryptPasswordEncoder(4).encode(PASSWORD));
	}

	@Test
	void anonymousVisitorIsSentToTheLoginPage() throws Exception {
		this.mvc.perform(get("/").accept(MediaType.TEXT_HTML)).andExpect(redirectedUrlPattern("**/login"));
	}

	@Test
	void configuredUserSignsInWithBcryptPassword() throws Exception {
		this.mvc.perform(formLogin("/login").user("operator").password(PASSWORD))
			.andExpect(authenticated().withUsername("operator").withRoles("ADMIN"))
			.andExpect(redirectedUrl("/"));
	}

	@Test
	void wrongPasswordReturnsToLoginWithTheError() throws Exception {
		this.mvc.perform(formLogin("/login").user("operator").password("wrong"))
			.andExpect(unauthenticated())
			.andExpect(redirectedUrl("/login?error"));
		this.mvc.perform(get("/login?error"))
			.andExpect(content().string(containsString("Invalid username or password")));
	}

	@Test
	void signInWithoutCsrfTokenIsRefused() throws Exception {
		this.mvc.perform(post("/login").param("username", "operator").param("password", PASSWORD))
			.andExpect(status().isForbidden())
			.andExpect(unauthenticated());
	}

	@Test
	void signedInSessionSeesTheOverview() throws Exception {
		MockHttpSession session = (MockHttpSession) this.mvc
			.perform(formLogin("/login").user("operator").password(PASSWORD))
			.andReturn()
			.getRequest()
			.getSession(false);
		this.mvc.perform(get("/").session(session))
			.andExpect(status().isOk())
			.andExpect(content().string(containsString("Service health")));
	}

	@Test
	void signOutReturnsToTheLoginPage() throws Exception {
		this.mvc.perform(logout("/logout")).andExpect(redirectedUrl("/login?logout")).andExpect(unauthenticated());
	}

	@Test
	void stylesAndScriptsArePublic() throws Exception {
		this.mvc.perform(get("/css/sonde.css")).andExpect(status().isOk());
		this.mvc.perform(get("/js/overview.js")).andExpect(status().isOk());
		this.mvc.perform(get("/webjars/cytoscape/dist/cytoscape.min.js")).andExpect(status().isOk());
	}

	@Test
	void apiDescriptionNeedsAuthenticationAndSaysSoAsProblem() throws Exception {
		this.mvc.perform(get("/v3/api-docs"))
			.andExpect(status().isUnauthorized())
			.andExpect(content().contentType(MediaType.APPLICATION_PROBLEM_JSON))
			.andExpect(header().string("WWW-Authenticate", "Bearer realm=\"sonde\""))
			.andExpect((result) -> assertThat(result.getRequest().getSession(false)).isNull());
	}

	@Test
	void apiDescriptionOpensForABearerToken() throws Exception {
		// 404 here: past security; the slice has no
		// springdoc (see SystemApiDocumentationTests).
		this.mvc.perform(get("/v3/api-docs").header("Authorization", "Bearer " + TOKEN))
			.andExpect(status().isNotFound());
	}

	@Test
	void pagesForbidInlineScriptsAndFraming() throws Exception {
		this.mvc.perform(get("/login"))
			.andExpect(header().string("Content-Security-Policy", containsString("default-src 'self'")))
			.andExpect(header().string("Content-Security-Policy", containsString("frame-ancestors 'none'")));
	}

	@Test
	void signOutNeedsCsrfToken() throws Exception {
		this.mvc.perform(post("/logout").with(csrf().useInvalidToken())).andExpect(status().isForbidden());
	}

}
