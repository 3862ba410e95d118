package io.sonde.web.dashboard;

import io.sonde.web.WebSliceTestConfiguration;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.web.servlet.WebMvcTest;
import org.springframework.context.annotation.Import;
import org.springframework.http.MediaType;
import org.springframework.security.test.context.support.WithMockUser;
import org.springframework.test.web.servlet.MockMvc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.not;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.model;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.redirectedUrl;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.view;

@WebMvcTest(controllers = { OverviewController.class, LoginController.class })
@Import(WebSliceTestConfiguration.class)
class OverviewControllerTests {

	@Autowired
	private MockMvc mvc;

	@Test
	@WithMockUser(username = "operator", roles = "OPERATOR")
	void rendersOverallStatusAndOneRowPerComponent() throws Exception {
		this.mvc.perform(get("/").accept(MediaType.TEXT_HTML))
			.andExpect(status().isOk())
			.andExpect(view().name("overview"))
			.andExpect(content().string(containsString("class=\"status status-down\">DOWN</span>")))
			.andExpect(content().string(containsString("data-component=\"redis\" data-status=\"UP\"")))
			.andExpect(content().string(containsString("data-component=\"timeseries\" data-status=\"DOWN\"")))
			.andExpect(content().string(containsString("datetime=\"2026-11-23T10:15:30Z\">10:15:30 UTC</time>")));
	}

	@Test
	@WithMockUser(username = "operator", roles = "OPERATOR")
	void showsWhyAComponentIsDownButNoDetailsOfHealthyOnes() throws Exception {
		this.mvc.perform(get("/"))
			.andExpect(content().string(containsString(WebSliceTestConfiguration.TIMESERIES_DOWN_REASON)))
			.andExpect(content().string(containsString(">maintenance</td>")))
			.andExpect(content().string(not(containsString("7.0.15"))));
	}

	@Test
	@WithMockUser(username = "operator", roles = "OPERATOR")
	void listsComponentsByNameWithCompositeMembersIndentedUnderThem() throws Exception {
		HealthReport report = (HealthReport) this.mvc.perform(get("/overview"))
			.andExpect(status().isOk())
			.andExpect(model().attributeExists("health"))
			.andReturn()
			.getModelAndView()
			.getModel()
			.get("health");
		assertThat(report.rows()).extracting(HealthRow::path, HealthRow::depth, HealthRow::status)
			.containsExactly(tuple("db", 0, "OUT_OF_SERVICE"), tuple("db/primary", 1, "UP"),
					tuple("db/replica", 1, "OUT_OF_SERVICE"), tuple("redis", 0, "UP"), tuple("timeseries", 0, "DOWN"));
	}

	@Test
	@WithMockUser(username = "operator", roles = "OPERATOR")
	void showsOutOfServiceAsReadableGreyBadge() throws Exception {
		this.mvc.perform(get("/"))
			.andExpect(
					content().string(containsString("class=\"status status-out-of-service\">OUT OF SERVICE</span>")));
	}

	@Test
	@WithMockUser(username = "operator", roles = "OPERATOR")
	void offersTheLivePagesAsLinksAndLaterPagesAsDisabledItems() throws Exception {
		String page = this.mvc.perform(get("/")).andReturn().getResponse().getContentAsString();
		assertThat(page).contains("aria-current=\"page\">Overview</a>");
		assertThat(page).contains("<a href=\"/switches\">Switches</a>");
		assertThat(page).contains("<a href=\"/topology\">Topology</a>");
		assertThat(page).contains("<a href=\"/events\">Events</a>");
		assertThat(page).contains("<a href=\"/metrics\">Metrics</a>");
		assertThat(page).contains("<a href=\"/probes\">Probes</a>");
		assertThat(page).contains("<a href=\"/labeling\">Labeling</a>");
		assertThat(page).contains("<a href=\"/alerts\">Alerts</a>");
		assertThat(page).contains("<a href=\"/settings\">Settings</a>");
		// No placeholder is left: every page of the navigation is live.
		assertThat(page).doesNotContain("aria-disabled=\"true\"");
	}

	@Test
	@WithMockUser(username = "operator", roles = "OPERATOR")
	void showsTheSignedInUserAndACsrfProtectedSignOut() throws Exception {
		this.mvc.perform(get("/"))
			.andExpect(content().string(containsString("Signed in as <strong>operator</strong>")))
			.andExpect(content().string(containsString("action=\"/logout\" method=\"post\"")))
			.andExpect(content().string(containsString("name=\"_csrf\"")));
	}

	@Test
	@WithMockUser(username = "operator", roles = "OPERATOR")
	void loadsTheRefreshScriptAsModule() throws Exception {
		this.mvc.perform(get("/"))
			.andExpect(content().string(containsString("<script type=\"module\" src=\"/js/overview.js\"></script>")))
			.andExpect(content().string(containsString("data-health-url=\"/actuator/health\"")));
	}

	@Test
	void loginPageHasLabelledFields() throws Exception {
		this.mvc.perform(get("/login"))
			.andExpect(status().isOk())
			.andExpect(view().name("login"))
			.andExpect(content().string(containsString("<label for=\"username\">Username</label>")))
			.andExpect(content().string(containsString("<label for=\"password\">Password</label>")))
			.andExpect(content().string(not(containsString("Invalid username or password"))));
	}

	@Test
	void loginPageSaysWhenCredentialsWereWrong() throws Exception {
		this.mvc.perform(get("/login").param("error", ""))
			.andExpect(content().string(containsString("Invalid username or password")));
	}

	@Test
	void loginPageConfirmsSignOut() throws Exception {
		this.mvc.perform(get("/login").param("logout", ""))
			.andExpect(content().string(containsString("You have been signed out")));
	}

	@Test
	@WithMockUser(username = "operator", roles = "OPERATOR")
	void signedInUserOpeningLoginGoesToOverview() throws Exception {
		this.mvc.perform(get("/login")).andExpect(redirectedUrl("/"));
	}

}
