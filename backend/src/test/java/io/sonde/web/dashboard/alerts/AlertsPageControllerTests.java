package io.sonde.web.dashboard.alerts;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.TreeMap;

import io.sonde.alerts.Alert;
import io.sonde.alerts.AlertRule;
import io.sonde.alerts.AlertSeverity;
import io.sonde.alerts.AlertStatus;
import io.sonde.alerts.Comparison;
import io.sonde.alerts.EventCountCondition;
import io.sonde.alerts.LiveValueCondition;
import io.sonde.events.EventKind;
import io.sonde.web.WebSliceTestConfiguration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.web.servlet.WebMvcTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.http.MediaType;
import org.springframework.security.test.context.support.WithMockUser;
import org.springframework.test.web.servlet.MockMvc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.csrf;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.flash;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.redirectedUrl;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

/**
 * The Alerts page's rule half: what each role sees and may do, and every rule form, with
 * its errors beside the input at fault (the live table itself is in e2e-tests'
 * AlertsLiveBrowserIntegrationTests).
 */
@WebMvcTest(controllers = { AlertsPageController.class, AlertsWebhooksController.class })
@Import({ WebSliceTestConfiguration.class, AlertsPageControllerTests.Faces.class, AlertsPageView.class,
		AlertsWebhooksView.class, AlertsPageRenderer.class, AlertsLiveFeed.class })
class AlertsPageControllerTests {

	static final Instant STARTED = Instant.parse("2026-11-23T10:15:00Z");

	@Autowired
	private MockMvc mvc;

	@Autowired
	private RulesInMemory rules;

	@BeforeEach
	void oneRuleAndOneFiringAlert() {
		this.rules.versions.clear();
		this.rules.firing.clear();
		this.rules.history.clear();
		this.rules.create(new AlertRule("switch-down", "switch down", AlertSeverity.CRITICAL,
				new LiveValueCondition("switch.unreachable_seconds", Comparison.ABOVE, 10), null, Duration.ZERO,
				Duration.ofMinutes(5), Map.of(), Map.of(), true), "admin", "first");
		TreeMap<String, String> labels = new TreeMap<>(Map.of("alertname", "switch down", "severity", "critical",
				"rule_id", "switch-down", "switch", "leaf-2"));
		Alert firing = new Alert(Alert.fingerprintOf(labels), "switch-down", "switch down", AlertSeverity.CRITICAL,
				AlertStatus.FIRING, labels, Map.of(), STARTED, null, 12);
		this.rules.firing.add(firing);
		this.rules.history.add(firing.resolvedAt(STARTED.minusSeconds(60)));
	}

	@Test
	@WithMockUser(username = "viv", roles = "VIEWER")
	void showsAViewerFiringAlertsRulesValuesAndHistoryWithEveryControlDisabled() throws Exception {
		String page = this.mvc.perform(get("/alerts"))
			.andExpect(status().isOk())
			.andReturn()
			.getResponse()
			.getContentAsString();

		assertThat(page).contains("<h1>Alerts</h1>")
			.contains("href=\"/alerts\" aria-current=\"page\">Alerts</a>")
			.contains("data-live-url=\"/alerts/live\"")
			.contains("<td class=\"mono labels\">switch=leaf-2</td>")
			.contains("2026-11-23 10:15:00")
			.contains("switch.unreachable_seconds above 10")
			.contains("switch=leaf-1: 0; switch=leaf-2: 12")
			.contains("<script type=\"module\" src=\"/js/alerts.js\"></script>")
			.doesNotContain("style=")
			.doesNotContain("<script>");
		assertThat(page).containsPattern(
				"<form id=\"rule-form\"[^>]*><input type=\"hidden\" name=\"_csrf\"[^>]*>\\s*<fieldset disabled=\"disabled\">");
		assertThat(page).containsPattern(
				"<form id=\"subscription-form\"[^>]*><input type=\"hidden\" name=\"_csrf\"[^>]*>\\s*<fieldset disabled=\"disabled\">");
		assertThat(page).containsPattern("class=\"button button-danger\" disabled=\"disabled\">Delete</button>");
		assertThat(page).containsPattern("disabled=\"disabled\">Disable</button>");
		assertThat(page)
			.doesNotContainPattern("<button type=\"submit\" class=\"button button-quiet\">Disable</button>");
	}

	@Test
	@WithMockUser(username = "olga", roles = "OPERATOR")
	void letsAnOperatorChangeRulesButNotSubscriptions() throws Exception {
		String page = this.mvc.perform(get("/alerts")).andReturn().getResponse().getContentAsString();

		assertThat(page)
			.containsPattern("<form id=\"rule-form\"[^>]*><input type=\"hidden\" name=\"_csrf\"[^>]*>\\s*<fieldset>");
		assertThat(page).containsPattern(
				"<form id=\"subscription-form\"[^>]*><input type=\"hidden\" name=\"_csrf\"[^>]*>\\s*<fieldset disabled=\"disabled\">");
		assertThat(page).contains("<button type=\"submit\" class=\"button button-quiet\">Disable</button>");
	}

	@Test
	@WithMockUser(username = "viv", roles = "VIEWER")
	void refusesAViewersRulePost() throws Exception {
		this.mvc.perform(post("/alerts/rules").with(csrf()).param("name", "x")).andExpect(status().isForbidden());
		this.mvc.perform(post("/alerts/rules/switch-down/delete").with(csrf())).andExpect(status().isForbidden());
		assertThat(this.rules.rule("switch-down")).isPresent();
	}

	@Test
	@WithMockUser(username = "olga", roles = "OPERATOR")
	void refusesARulePostWithoutTheCsrfToken() throws Exception {
		this.mvc.perform(post("/alerts/rules/switch-down/delete")).andExpect(status().isForbidden());
		assertThat(this.rules.rule("switch-down")).isPresent();
	}

	@Test
	@WithMockUser(username = "olga", roles = "OPERATOR")
	void createsAnEventRuleFromTheFormAsTheSignedInUser() throws Exception {
		this.mvc
			.perform(post("/alerts/rules").with(csrf())
				.param("name", "latency bursts")
				.param("severity", "warning")
				.param("enabled", "true")
				.param("condition.type", "events")
				.param("condition.kind", "THRESHOLD")
				.param("condition.metric", "hop_latency")
				.param("condition.count", "3")
				.param("condition.window", "30s")
				.param("selector.switch", "leaf-1")
				.param("selector.port", "2")
				.param("for", "")
				.param("repeatInterval", "2m")
				.param("labels", "team=netops\n")
				.param("annotations", "summary=three late hops\n")
				.param("comment", "noisy links"))
			.andExpect(status().isFound())
			.andExpect(redirectedUrl("/alerts#rules"))
			.andExpect(flash().attribute("done", "Rule latency-bursts created."));

		AlertRule rule = this.rules.rule("latency-bursts").orElseThrow();
		assertThat(rule.condition())
			.isEqualTo(new EventCountCondition(EventKind.THRESHOLD, "hop_latency", 3, Duration.ofSeconds(30)));
		assertThat(rule.selector().switchName()).isEqualTo("leaf-1");
		assertThat(rule.selector().port()).isEqualTo(2);
		assertThat(rule.repeatInterval()).isEqualTo(Duration.ofMinutes(2));
		assertThat(rule.labels()).isEqualTo(Map.of("team", "netops"));
		assertThat(rule.annotations()).isEqualTo(Map.of("summary", "three late hops"));
		assertThat(this.rules.versions("latency-bursts").get(0).author()).isEqualTo("olga");
		assertThat(this.rules.versions("latency-bursts").get(0).comment()).isEqualTo("noisy links");
	}

	@Test
	@WithMockUser(username = "olga", roles = "OPERATOR")
	void showsACountThatIsNoNumberBesideItsInputAndKeepsWhatWasTyped() throws Exception {
		String page = this.mvc
			.perform(post("/alerts/rules").with(csrf())
				.param("name", "latency bursts")
				.param("severity", "warning")
				.param("condition.type", "events")
				.param("condition.kind", "THRESHOLD")
				.param("condition.count", "three")
				.param("condition.window", "30s"))
			.andExpect(status().isBadRequest())
			.andReturn()
			.getResponse()
			.getContentAsString();

		assertThat(page).contains("aria-describedby=\"rule-error-condition.count\"")
			.contains(
					"<p class=\"field-error\" id=\"rule-error-condition.count\">&#39;three&#39; is not a whole number</p>")
			.contains("value=\"latency bursts\"");
		assertThat(this.rules.rule("latency-bursts")).isEmpty();
	}

	@Test
	@WithMockUser(username = "olga", roles = "OPERATOR")
	void showsTheFieldTheAlertsModuleRefusedBesideItsInput() throws Exception {
		String page = this.mvc
			.perform(post("/alerts/rules").with(csrf())
				.param("name", "mystery")
				.param("severity", "info")
				.param("condition.type", "value")
				.param("condition.value", "no.such.value")
				.param("condition.comparison", "above")
				.param("condition.bound", "1"))
			.andExpect(status().isBadRequest())
			.andReturn()
			.getResponse()
			.getContentAsString();

		assertThat(page).contains("id=\"rule-error-condition.value\"")
			.contains("no live value is named &#39;no.such.value&#39;")
			.contains("no.such.value (no such value now)");
		this.mvc
			.perform(post("/alerts/rules").with(csrf())
				.param("name", "bad duration")
				.param("severity", "info")
				.param("condition.type", "value")
				.param("condition.value", "labeling.coverage")
				.param("condition.comparison", "below")
				.param("condition.bound", "0.9")
				.param("for", "soon"))
			.andExpect(status().isBadRequest())
			.andExpect(content().string(org.hamcrest.Matchers.containsString("id=\"rule-error-for\"")));
	}

	@Test
	@WithMockUser(username = "olga", roles = "OPERATOR")
	void answersConflictBesideTheIdWhenARuleHasItAlready() throws Exception {
		String page = this.mvc
			.perform(post("/alerts/rules").with(csrf())
				.param("id", "switch-down")
				.param("name", "another")
				.param("severity", "info")
				.param("condition.type", "value")
				.param("condition.value", "labeling.coverage")
				.param("condition.comparison", "below")
				.param("condition.bound", "0.9"))
			.andExpect(status().isConflict())
			.andReturn()
			.getResponse()
			.getContentAsString();

		assertThat(page).contains("id=\"rule-error-id\"").contains("already exists");
	}

	@Test
	@WithMockUser(username = "olga", roles = "OPERATOR")
	void editsARuleThroughItsFilledFormAsANewVersion() throws Exception {
		String form = this.mvc.perform(get("/alerts").param("edit", "switch-down"))
			.andReturn()
			.getResponse()
			.getContentAsString();
		assertThat(form).contains("action=\"/alerts/rules/switch-down\"")
			.contains("Edit switch-down")
			.contains("value=\"switch down\"")
			.contains("value=\"10\"");

		this.mvc
			.perform(post("/alerts/rules/switch-down").with(csrf())
				.param("name", "switch down")
				.param("severity", "critical")
				.param("enabled", "true")
				.param("condition.type", "value")
				.param("condition.value", "switch.unreachable_seconds")
				.param("condition.comparison", "above")
				.param("condition.bound", "30")
				.param("repeatInterval", "5m")
				.param("comment", "less eager"))
			.andExpect(status().isFound())
			.andExpect(flash().attribute("done", "Rule switch-down saved as version 2."));

		assertThat(this.rules.rule("switch-down").orElseThrow().condition())
			.isEqualTo(new LiveValueCondition("switch.unreachable_seconds", Comparison.ABOVE, 30));
		String versions = this.mvc.perform(get("/alerts").param("versions", "switch-down"))
			.andReturn()
			.getResponse()
			.getContentAsString();
		assertThat(versions).contains("Versions of switch-down")
			.contains("less eager")
			.contains("critical · switch.unreachable_seconds above 30")
			.contains("critical · switch.unreachable_seconds above 10");
	}

	@Test
	@WithMockUser(username = "olga", roles = "OPERATOR")
	void disablesEnablesAndDeletesARule() throws Exception {
		this.mvc.perform(post("/alerts/rules/switch-down/enabled").with(csrf()).param("enabled", "false"))
			.andExpect(status().isFound());
		assertThat(this.rules.rule("switch-down").orElseThrow().enabled()).isFalse();
		this.mvc.perform(post("/alerts/rules/switch-down/enabled").with(csrf()).param("enabled", "true"))
			.andExpect(status().isFound());
		assertThat(this.rules.rule("switch-down").orElseThrow().enabled()).isTrue();

		this.mvc.perform(post("/alerts/rules/switch-down/delete").with(csrf()))
			.andExpect(status().isFound())
			.andExpect(flash().attribute("done", "Rule switch-down deleted; its versions stay listed by the API."));
		assertThat(this.rules.rule("switch-down")).isEmpty();
		assertThat(this.rules.versions("switch-down").get(0).deleted()).isTrue();
	}

	@Test
	@WithMockUser(username = "olga", roles = "OPERATOR")
	void answers404OnTheRuleOfAnotherName() throws Exception {
		String page = this.mvc.perform(post("/alerts/rules/nothing/delete").with(csrf()))
			.andExpect(status().isNotFound())
			.andReturn()
			.getResponse()
			.getContentAsString();
		assertThat(page).contains("there is no alert rule &#39;nothing&#39;");
	}

	@Test
	@WithMockUser(username = "viv", roles = "VIEWER")
	void givesTheFiringAlertsAsRows() throws Exception {
		this.mvc.perform(get("/alerts/state"))
			.andExpect(status().isOk())
			.andExpect(jsonPath("$[0].name").value("switch down"))
			.andExpect(jsonPath("$[0].severity").value("critical"))
			.andExpect(jsonPath("$[0].labels").value("switch=leaf-2"))
			.andExpect(jsonPath("$[0].value").value("12"));
	}

	@Test
	void sendsAScriptWithoutASessionA401ProblemNotTheSignInPage() throws Exception {
		this.mvc.perform(get("/alerts/live"))
			.andExpect(status().isUnauthorized())
			.andExpect(content().contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON));
	}

	@TestConfiguration(proxyBeanMethods = false)
	static class Faces {

		@Bean
		RulesInMemory rules(Clock clock) {
			return new RulesInMemory(clock);
		}

		@Bean
		WebhooksInMemory webhooks(Clock clock) {
			return new WebhooksInMemory(clock);
		}

	}

}
