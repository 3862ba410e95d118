package io.sonde.web.dashboard.alerts;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import io.sonde.alerts.Alert;
import io.sonde.alerts.AlertRule;
import io.sonde.alerts.AlertRules;
import io.sonde.alerts.AlertSeverity;
import io.sonde.alerts.Comparison;
import io.sonde.alerts.EventCountCondition;
import io.sonde.alerts.LiveValueCondition;
import io.sonde.events.EventKind;
import io.sonde.events.EventLog;
import io.sonde.events.TelemetryEvent;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.security.test.context.support.WithMockUser;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.csrf;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.flash;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.redirectedUrl;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

/**
 * The Alerts page's rule half on the real alerts module: what each role sees and may do,
 * and every rule form, with its errors beside the input at fault. Alerts fire for real:
 * events appended to the event log are counted by an event rule and the engine's
 * evaluation loop fires it (the live table itself is in e2e-tests'
 * AlertsLiveBrowserIntegrationTests).
 */
class AlertsPageFormsIntegrationTests extends OnRealAlertsModules {

	private static final DateTimeFormatter SHOWN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss")
		.withZone(ZoneOffset.UTC);

	/** No switch has this device id: the engine labels its events' series by the id. */
	private static final long SWITCH_ID = 902;

	@Autowired
	private AlertRules rules;

	@Autowired
	private EventLog events;

	@Test
	@WithMockUser(username = "viv", roles = "VIEWER")
	void showsAViewerFiringAlertsRulesValuesAndHistoryWithEveryControlDisabled() throws Exception {
		watchesASwitch("viewer-watched");
		Alert firing = firedBy("viewer-fired");
		Alert resolved = resolvedAfterFiring("viewer-resolved");

		String page = this.mvc.perform(get("/alerts"))
			.andExpect(status().isOk())
			.andReturn()
			.getResponse()
			.getContentAsString();

		assertThat(page).contains("<h1>Alerts</h1>")
			.contains("href=\"/alerts\" aria-current=\"page\">Alerts</a>")
			.contains("data-live-url=\"/alerts/live\"")
			.contains("<td class=\"mono labels\">metric=viewer-fired switch=902</td>")
			.contains(SHOWN.format(firing.startsAt()))
			.contains(SHOWN.format(resolved.endsAt()))
			.contains("viewer resolved")
			.contains("switch.unreachable_seconds above 10")
			.contains("THRESHOLD viewer-fired")
			.contains("<script type=\"module\" src=\"/js/alerts.js\"></script>")
			.doesNotContain("style=")
			.doesNotContain("<script>");
		this.rules.liveValues()
			.forEach((reading) -> assertThat(page).contains(reading.name()).contains(reading.description()));
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
		watchesASwitch("operator-watched");

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
		watchesASwitch("viewer-refused");

		this.mvc.perform(post("/alerts/rules").with(csrf()).param("name", "viewer made"))
			.andExpect(status().isForbidden());
		this.mvc.perform(post("/alerts/rules/viewer-refused/delete").with(csrf())).andExpect(status().isForbidden());

		assertThat(this.rules.rule("viewer-refused")).isPresent();
		assertThat(this.rules.rule("viewer-made")).isEmpty();
	}

	@Test
	@WithMockUser(username = "olga", roles = "OPERATOR")
	void refusesARulePostWithoutTheCsrfToken() throws Exception {
		watchesASwitch("csrf-kept");

		this.mvc.perform(post("/alerts/rules/csrf-kept/delete")).andExpect(status().isForbidden());

		assertThat(this.rules.rule("csrf-kept")).isPresent();
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
		String page = refused(eventRuleForm("miscounted bursts", "warning", "three"));

		assertThat(page).contains("aria-describedby=\"rule-error-condition.count\"")
			.contains(
					"<p class=\"field-error\" id=\"rule-error-condition.count\">&#39;three&#39; is not a whole number</p>")
			.contains("value=\"miscounted bursts\"");
		assertThat(this.rules.rule("miscounted-bursts")).isEmpty();
	}

	@Test
	@WithMockUser(username = "olga", roles = "OPERATOR")
	void showsTheFieldTheAlertsModuleRefusedBesideItsInput() throws Exception {
		String page = refused(valueRuleForm("unknown value", "info", "no.such.value", "above", "1"));

		assertThat(page).contains("id=\"rule-error-condition.value\"")
			.contains("&#39;no.such.value&#39; is not a live value; known: ")
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
		assertThat(this.rules.rule("unknown-value")).isEmpty();
		assertThat(this.rules.rule("bad-duration")).isEmpty();
	}

	@Test
	@WithMockUser(username = "olga", roles = "OPERATOR")
	void answersConflictBesideTheIdWhenARuleHasItAlready() throws Exception {
		watchesASwitch("taken-id");

		String page = this.mvc
			.perform(post("/alerts/rules").with(csrf())
				.param("id", "taken-id")
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
		assertThat(this.rules.rule("taken-id").orElseThrow().name()).isEqualTo("taken id");
	}

	@Test
	@WithMockUser(username = "olga", roles = "OPERATOR")
	void editsARuleThroughItsFilledFormAsANewVersion() throws Exception {
		watchesASwitch("edited-rule");

		String form = this.mvc.perform(get("/alerts").param("edit", "edited-rule"))
			.andReturn()
			.getResponse()
			.getContentAsString();
		assertThat(form).contains("action=\"/alerts/rules/edited-rule\"")
			.contains("Edit edited-rule")
			.contains("value=\"edited rule\"")
			.contains("value=\"10\"");

		this.mvc
			.perform(post("/alerts/rules/edited-rule").with(csrf())
				.param("name", "edited rule")
				.param("severity", "critical")
				.param("enabled", "true")
				.param("condition.type", "value")
				.param("condition.value", "switch.unreachable_seconds")
				.param("condition.comparison", "above")
				.param("condition.bound", "30")
				.param("repeatInterval", "5m")
				.param("comment", "less eager"))
			.andExpect(status().isFound())
			.andExpect(flash().attribute("done", "Rule edited-rule saved as version 2."));

		assertThat(this.rules.rule("edited-rule").orElseThrow().condition())
			.isEqualTo(new LiveValueCondition("switch.unreachable_seconds", Comparison.ABOVE, 30));
		assertThat(this.rules.versions("edited-rule").get(0).author()).isEqualTo("olga");
		String versions = this.mvc.perform(get("/alerts").param("versions", "edited-rule"))
			.andReturn()
			.getResponse()
			.getContentAsString();
		assertThat(versions).contains("Versions of edited-rule")
			.contains("less eager")
			.contains("critical · switch.unreachable_seconds above 30")
			.contains("critical · switch.unreachable_seconds above 10");
	}

	@Test
	@WithMockUser(username = "olga", roles = "OPERATOR")
	void disablesEnablesAndDeletesARule() throws Exception {
		watchesASwitch("toggled-rule");

		this.mvc.perform(post("/alerts/rules/toggled-rule/enabled").with(csrf()).param("enabled", "false"))
			.andExpect(status().isFound());
		assertThat(this.rules.rule("toggled-rule").orElseThrow().enabled()).isFalse();
		this.mvc.perform(post("/alerts/rules/toggled-rule/enabled").with(csrf()).param("enabled", "true"))
			.andExpect(status().isFound());
		assertThat(this.rules.rule("toggled-rule").orElseThrow().enabled()).isTrue();

		this.mvc.perform(post("/alerts/rules/toggled-rule/delete").with(csrf()))
			.andExpect(status().isFound())
			.andExpect(flash().attribute("done", "Rule toggled-rule deleted; its versions stay listed by the API."));
		assertThat(this.rules.rule("toggled-rule")).isEmpty();
		assertThat(this.rules.versions("toggled-rule").get(0).deleted()).isTrue();
		assertThat(this.rules.versions("toggled-rule").get(0).author()).isEqualTo("olga");
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
		firedBy("rows-fired");

		this.mvc.perform(get("/alerts/state"))
			.andExpect(status().isOk())
			.andExpect(jsonPath("$[?(@.ruleId == 'rows-fired')].name").value("rows fired"))
			.andExpect(jsonPath("$[?(@.ruleId == 'rows-fired')].severity").value("critical"))
			.andExpect(jsonPath("$[?(@.ruleId == 'rows-fired')].labels").value("metric=rows-fired switch=902"))
			.andExpect(jsonPath("$[?(@.ruleId == 'rows-fired')].value").value("2"));
	}

	@Test
	void sendsAScriptWithoutASessionA401ProblemNotTheSignInPage() throws Exception {
		this.mvc.perform(get("/alerts/live"))
			.andExpect(status().isUnauthorized())
			.andExpect(content().contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON));
	}

	/** A critical rule on every switch's {@code switch.unreachable_seconds}, above 10. */
	private void watchesASwitch(String id) {
		this.rules.create(new AlertRule(id, id.replace('-', ' '), AlertSeverity.CRITICAL,
				new LiveValueCondition("switch.unreachable_seconds", Comparison.ABOVE, 10), null, Duration.ZERO,
				Duration.ofMinutes(5), Map.of(), Map.of(), true), "admin", "first");
	}

	/**
	 * The alert a critical event rule fires once two THRESHOLD events of its own metric
	 * (named as the rule) are appended to the event log: the engine counts them as they
	 * are appended and fires on its next evaluation.
	 */
	private Alert firedBy(String id) {
		this.rules.create(eventRule(id, true), "admin", "fires on two events");
		this.events.append(List.of(threshold(id), threshold(id)));
		return await().atMost(Duration.ofSeconds(30))
			.until(() -> this.rules.firing().stream().filter((alert) -> alert.ruleId().equals(id)).findFirst(),
					(alert) -> alert.isPresent())
			.orElseThrow();
	}

	/**
	 * An alert that fired and resolved when its rule was disabled, as the history has it.
	 */
	private Alert resolvedAfterFiring(String id) {
		firedBy(id);
		this.rules.update(id, eventRule(id, false), "admin", "quiet now");
		return await().atMost(Duration.ofSeconds(30))
			.until(() -> this.rules.history(1000).stream().filter((alert) -> alert.ruleId().equals(id)).findFirst(),
					(alert) -> alert.isPresent())
			.orElseThrow();
	}

	private static AlertRule eventRule(String id, boolean enabled) {
		return new AlertRule(id, id.replace('-', ' '), AlertSeverity.CRITICAL,
				new EventCountCondition(EventKind.THRESHOLD, id, 2, Duration.ofMinutes(10)), null, Duration.ZERO,
				Duration.ofMinutes(5), Map.of(), Map.of(), enabled);
	}

	private static TelemetryEvent threshold(String metric) {
		return new TelemetryEvent(null, "page-tests/" + UUID.randomUUID(), "java:page-tests", Instant.now(),
				EventKind.THRESHOLD, metric, "switch=" + SWITCH_ID, 900, 100.0, SWITCH_ID, null, null, null, null,
				null);
	}

}
