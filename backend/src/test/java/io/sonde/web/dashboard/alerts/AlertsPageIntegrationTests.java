package io.sonde.web.dashboard.alerts;

import io.sonde.alerts.AlertRule;
import io.sonde.alerts.AlertRules;
import io.sonde.alerts.LiveValueCondition;
import io.sonde.webhooks.Webhooks;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.security.test.context.support.WithMockUser;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.csrf;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.flash;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

/**
 * The Alerts page's forms against the real alerts and webhooks modules on a real Redis:
 * what the modules store from a form, and their own refusals (the rule check, the
 * request-forgery guard) shown beside the input they name.
 */
class AlertsPageIntegrationTests extends OnRealAlertsModules {

	@Autowired
	private AlertRules rules;

	@Autowired
	private Webhooks webhooks;

	@Test
	@WithMockUser(username = "olga", roles = "OPERATOR")
	void storesARuleFromTheFormAsVersionOneByTheSignedInUser() throws Exception {
		this.mvc
			.perform(post("/alerts/rules").with(csrf())
				.param("name", "coverage low")
				.param("severity", "warning")
				.param("enabled", "true")
				.param("condition.type", "value")
				.param("condition.value", "labeling.coverage")
				.param("condition.comparison", "below")
				.param("condition.bound", "0.95")
				.param("for", "5s")
				.param("repeatInterval", "5m")
				.param("annotations", "summary=INT-label coverage under 95%")
				.param("comment", "from the page"))
			.andExpect(status().isFound())
			.andExpect(flash().attribute("done", "Rule coverage-low created."));

		AlertRule stored = this.rules.rule("coverage-low").orElseThrow();
		assertThat(stored.condition()).isInstanceOf(LiveValueCondition.class);
		assertThat(((LiveValueCondition) stored.condition()).bound()).isEqualTo(0.95);
		assertThat(stored.annotations()).containsEntry("summary", "INT-label coverage under 95%");
		assertThat(this.rules.versions("coverage-low").get(0).author()).isEqualTo("olga");
	}

	@Test
	@WithMockUser(username = "olga", roles = "OPERATOR")
	void showsTheRuleChecksRefusalsBesideTheirInputs() throws Exception {
		String zero = refused(eventRuleForm("never", "info", "0"));
		assertThat(zero).contains("id=\"rule-error-condition.count\"");

		String unknown = refused(valueRuleForm("mystery", "info", "no.such.value", "above", "1"));
		assertThat(unknown).contains("id=\"rule-error-condition.value\"");
		assertThat(this.rules.rule("never")).isEmpty();
		assertThat(this.rules.rule("mystery")).isEmpty();
	}

	@Test
	@WithMockUser(username = "ada", roles = "ADMIN")
	void createsASubscriptionWithASecretAndRefusesAPrivateDestinationBesideTheUrl() throws Exception {
		Object shown = this.mvc
			.perform(post("/alerts/subscriptions").with(csrf())
				.param("name", "receiver")
				.param("url", "http://127.0.0.1:9/hook")
				.param("enabled", "true")
				.param("format", "sonde")
				.param("groupBy", "alertname"))
			.andExpect(status().isFound())
			.andReturn()
			.getFlashMap()
			.get("secret");
		assertThat(shown).isInstanceOfSatisfying(AlertsWebhooksController.SecretShown.class,
				(secret) -> assertThat(secret.secret()).startsWith("whsec_"));
		assertThat(this.webhooks.subscriptions()).anyMatch((subscription) -> subscription.name().equals("receiver"));

		String refused = refused(subscriptionForm("inside", "http://10.0.0.1/hook"));
		assertThat(refused).contains("id=\"subscription-error-url\"");
		assertThat(this.webhooks.subscriptions()).noneMatch((subscription) -> subscription.name().equals("inside"));
	}

}
