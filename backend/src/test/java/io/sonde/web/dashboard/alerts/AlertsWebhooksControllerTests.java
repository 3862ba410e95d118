package io.sonde.web.dashboard.alerts;

import java.util.List;
import java.util.Map;

import io.sonde.web.WebSliceTestConfiguration;
import io.sonde.webhooks.DeliveryKind;
import io.sonde.webhooks.SubscriptionRequest;
import io.sonde.webhooks.WebhookDelivery;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.web.servlet.WebMvcTest;
import org.springframework.context.annotation.Import;
import org.springframework.security.test.context.support.WithMockUser;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.MvcResult;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.csrf;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.flash;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

/**
 * The Alerts page's webhook half: subscriptions are the admin's (secret shown once), test
 * sends and replays the operator's, and every form's error sits beside its input.
 */
@WebMvcTest(controllers = { AlertsPageController.class, AlertsWebhooksController.class })
@Import({ WebSliceTestConfiguration.class, AlertsPageControllerTests.Faces.class, AlertsPageView.class,
		AlertsWebhooksView.class, AlertsPageRenderer.class, AlertsLiveFeed.class })
class AlertsWebhooksControllerTests {

	@Autowired
	private MockMvc mvc;

	@Autowired
	private WebhooksInMemory webhooks;

	@BeforeEach
	void onePagerSubscription() {
		this.webhooks.subscriptions.clear();
		this.webhooks.deliveries.clear();
		this.webhooks.create(new SubscriptionRequest(null, "pager", "http://127.0.0.1:9999/hook", true, "sonde",
				List.of(), Map.of(), List.of(), null, null));
	}

	@Test
	@WithMockUser(username = "ada", roles = "ADMIN")
	void createsASubscriptionAndShowsItsSecretOnceOnThePageItReturnsTo() throws Exception {
		MvcResult created = this.mvc
			.perform(post("/alerts/subscriptions").with(csrf())
				.param("name", "chat bridge")
				.param("url", "http://127.0.0.1:9998/alerts")
				.param("enabled", "true")
				.param("format", "alertmanager-v4")
				.param("ruleIds", "switch-down, coverage-low")
				.param("matchLabels", "team=netops")
				.param("groupBy", "alertname, switch")
				.param("groupWait", "10s")
				.param("groupInterval", "1m"))
			.andExpect(status().isFound())
			.andExpect(flash().attribute("done", "Subscription chat-bridge created."))
			.andReturn();

		String secret = this.webhooks.secrets.get("chat-bridge");
		assertThat(this.webhooks.subscription("chat-bridge").ruleIds()).containsExactly("switch-down", "coverage-low");
		assertThat(this.webhooks.subscription("chat-bridge").groupBy()).containsExactly("alertname", "switch");
		String shown = this.mvc.perform(get("/alerts").flashAttrs(created.getFlashMap()))
			.andReturn()
			.getResponse()
			.getContentAsString();
		assertThat(shown).contains("<code id=\"secret-value\">" + secret + "</code>")
			.contains("alertmanager-v4")
			.contains("by alertname, switch, wait 10s, every 1m");
		String later = this.mvc.perform(get("/alerts")).andReturn().getResponse().getContentAsString();
		assertThat(later).doesNotContain(secret);
	}

	@Test
	@WithMockUser(username = "ada", roles = "ADMIN")
	void showsTheUrlTheWebhooksModuleRefusedBesideItsInput() throws Exception {
		String page = this.mvc
			.perform(post("/alerts/subscriptions").with(csrf())
				.param("name", "bad")
				.param("url", "ftp://example.org/")
				.param("format", "sonde"))
			.andExpect(status().isBadRequest())
			.andReturn()
			.getResponse()
			.getContentAsString();

		assertThat(page).contains("aria-describedby=\"subscription-error-url\"")
			.contains("id=\"subscription-error-url\">the URL must be http:// or https://</p>")
			.contains("value=\"ftp://example.org/\"");
		assertThat(this.webhooks.subscriptions).doesNotContainKey("bad");
	}

	@Test
	@WithMockUser(username = "ada", roles = "ADMIN")
	void editsRotatesAndDeletesASubscription() throws Exception {
		String form = this.mvc.perform(get("/alerts").param("editSubscription", "pager"))
			.andReturn()
			.getResponse()
			.getContentAsString();
		assertThat(form).contains("action=\"/alerts/subscriptions/pager\"")
			.contains("value=\"http://127.0.0.1:9999/hook\"");
		this.mvc
			.perform(post("/alerts/subscriptions/pager").with(csrf())
				.param("name", "pager")
				.param("url", "http://127.0.0.1:9999/other")
				.param("format", "sonde"))
			.andExpect(status().isFound());
		assertThat(this.webhooks.subscription("pager").url()).isEqualTo("http://127.0.0.1:9999/other");
		assertThat(this.webhooks.subscription("pager").enabled()).isFalse();

		String before = this.webhooks.secrets.get("pager");
		this.mvc.perform(post("/alerts/subscriptions/pager/secret").with(csrf()).param("grace", "2h"))
			.andExpect(status().isFound())
			.andExpect(flash().attribute("done",
					"Secret of pager rotated; the previous one signs too until 2026-11-23 12:15:30 UTC."));
		assertThat(this.webhooks.secrets.get("pager")).isNotEqualTo(before);
		this.mvc.perform(post("/alerts/subscriptions/pager/secret").with(csrf()).param("grace", "a while"))
			.andExpect(status().isBadRequest());

		this.mvc.perform(post("/alerts/subscriptions/pager/delete").with(csrf())).andExpect(status().isFound());
		assertThat(this.webhooks.subscriptions).isEmpty();
	}

	@Test
	@WithMockUser(username = "olga", roles = "OPERATOR")
	void refusesAnOperatorsSubscriptionChangesButSendsTestsAndReplays() throws Exception {
		this.mvc.perform(
				post("/alerts/subscriptions").with(csrf()).param("name", "sneaky").param("url", "http://127.0.0.1:1/"))
			.andExpect(status().isForbidden());
		this.mvc.perform(post("/alerts/subscriptions/pager/secret").with(csrf())).andExpect(status().isForbidden());
		this.mvc.perform(post("/alerts/subscriptions/pager/delete").with(csrf())).andExpect(status().isForbidden());
		assertThat(this.webhooks.subscriptions).containsOnlyKeys("pager");

		this.mvc.perform(post("/alerts/test/pager").with(csrf())).andExpect(status().isFound());
		WebhookDelivery test = this.webhooks.deliveries.get(0);
		assertThat(test.kind()).isEqualTo(DeliveryKind.TEST);

		WebhookDelivery dead = this.webhooks.failed("pager", "msg_dead");
		String page = this.mvc.perform(get("/alerts").param("deliveries", "pager"))
			.andReturn()
			.getResponse()
			.getContentAsString();
		assertThat(page).contains("Deliveries to pager")
			.contains("failed: 503 Service Unavailable")
			.contains("action=\"/alerts/deliveries/" + dead.id() + "/replay\"")
			.contains("msg_dead");
		this.mvc.perform(post("/alerts/deliveries/" + dead.id() + "/replay").with(csrf()))
			.andExpect(status().isFound());
		assertThat(this.webhooks.deliveries.get(0).replayOf()).isEqualTo(dead.id());
		assertThat(this.webhooks.deliveries.get(0).webhookId()).isEqualTo("msg_dead");
		this.mvc.perform(post("/alerts/deliveries/nothing/replay").with(csrf())).andExpect(status().isNotFound());
	}

	@Test
	@WithMockUser(username = "viv", roles = "VIEWER")
	void refusesAViewersTestSendAndReplay() throws Exception {
		this.mvc.perform(post("/alerts/test/pager").with(csrf())).andExpect(status().isForbidden());
		this.mvc.perform(post("/alerts/deliveries/d1/replay").with(csrf())).andExpect(status().isForbidden());
		assertThat(this.webhooks.deliveries).isEmpty();
	}

}
