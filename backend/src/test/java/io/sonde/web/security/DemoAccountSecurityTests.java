package io.sonde.web.security;

import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

import io.sonde.web.WebSliceTestConfiguration;
import io.sonde.web.api.SystemController;
import io.sonde.web.dashboard.LoginController;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.web.servlet.WebMvcTest;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.servlet.MockMvc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestBuilders.formLogin;
import static org.springframework.security.test.web.servlet.response.SecurityMockMvcResultMatchers.authenticated;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

/**
 * The generated demo credentials work as written to their file, and nothing else leaks
 * them.
 */
@WebMvcTest(controllers = { SystemController.class, LoginController.class })
@Import(WebSliceTestConfiguration.class)
class DemoAccountSecurityTests {

	@TempDir
	static Path directory;

	@Autowired
	private MockMvc mvc;

	@DynamicPropertySource
	static void demoCredentialsFile(DynamicPropertyRegistry properties) {
		properties.add("sonde.security.demo-credentials-file", () -> file().toString());
	}

	private static Path file() {
		return directory.resolve("demo/credentials.env");
	}

	@Test
	void writesTheFileForItsOwnerOnly() throws IOException {
		assertThat(Files.getPosixFilePermissions(file())).isEqualTo(DemoCredentialsFile.OWNER_ONLY);
	}

	@Test
	void generatedPasswordSignsInAsAdmin() throws Exception {
		Properties credentials = credentials();
		this.mvc
			.perform(formLogin("/login").user(credentials.getProperty("dashboard_user"))
				.password(credentials.getProperty("dashboard_password")))
			.andExpect(authenticated().withUsername("admin").withRoles("ADMIN"));
	}

	@Test
	void generatedTokenOpensTheApi() throws Exception {
		this.mvc
			.perform(get("/api/v1/system").header("Authorization", "Bearer " + credentials().getProperty("api_token")))
			.andExpect(status().isOk())
			.andExpect(jsonPath("$.name").value("sonde"));
	}

	@Test
	void generatedOperatorAndViewerTokensHoldTheirRoles() throws Exception {
		Properties credentials = credentials();
		this.mvc
			.perform(get("/api/v1/system").header("Authorization",
					"Bearer " + credentials.getProperty("operator_token")))
			.andExpect(status().isOk());
		// A viewer may read but not change: refused before any controller is asked.
		this.mvc
			.perform(get("/api/v1/system").header("Authorization", "Bearer " + credentials.getProperty("viewer_token")))
			.andExpect(status().isOk());
		this.mvc
			.perform(
					post("/api/v1/system").header("Authorization", "Bearer " + credentials.getProperty("viewer_token")))
			.andExpect(status().isForbidden());
		this.mvc
			.perform(post("/api/v1/system").header("Authorization",
					"Bearer " + credentials.getProperty("operator_token")))
			.andExpect((result) -> assertThat(result.getResponse().getStatus()).isNotIn(401, 403));
	}

	private static Properties credentials() throws IOException {
		return read(file());
	}

	private static Properties read(Path file) throws IOException {
		Properties properties = new Properties();
		properties.load(new StringReader(Files.readString(file)));
		return properties;
	}

}
