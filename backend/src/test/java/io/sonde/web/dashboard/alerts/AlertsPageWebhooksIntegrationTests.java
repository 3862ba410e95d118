package io.sonde.web.dashboard.alerts;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.sun.net.httpserver.HttpServer;
import io.sonde.webhooks.DeliveryKind;
import io.sonde.webhooks.DeliveryStatus;
import io.sonde.webhooks.SubscriptionNotFound;
import io.sonde.webhooks.SubscriptionRequest;
import io.sonde.webhooks.WebhookDelivery;
import io.sonde.webhooks.Webhooks;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.security.test.context.support.WithMockUser;
import org.springframework.test.web.servlet.MvcResult;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.csrf;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.flash;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

/**
 * The Alerts page's webhook half on the real webhooks module: subscriptions are the
 * admin's (secret shown once), test sends and replays the operator's, and every form's
 * error sits beside its input. Deliveries go to a real receiver on loopback that accepts
 * on {@code /hook} and answers 410 Gone (not retried: a dead letter at once) on
 * {@code /gone}.
 */
class AlertsPageWebhooksIntegrationTests extends OnRealAlertsModules {

	private static final Pattern UNTIL = Pattern.compile("until (\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}) UTC\\.$");

	private static HttpServer receiver;

	@Autowired
	private Webhooks webhooks;

	@BeforeAll
	static void startReceiver() throws Exception {
		receiver = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 8);
		receiver.createContext("/hook", (exchange) -> {
			exchange.getRequestBody().readAllBytes();
			exchange.sendResponseHeaders(204, -1);
			exchange.close();
		});
		receiver.createContext("/gone", (exchange) -> {
			exchange.getRequestBody().readAllBytes();
			exchange.sendResponseHeaders(410, -1);
			exchange.close();
		});
		receiver.start();
	}

	@AfterAll
	static void stopReceiver() {
		receiver.stop(0);
	}

	@Test
	@WithMockUser(username = "ada", roles = "ADMIN")
	void createsASubscriptionAndShowsItsSecretOnceOnThePageItReturnsTo() throws Exception {
		MvcResult created = this.mvc
			.perform(post("/alerts/subscriptions").with(csrf())
				.param("name", "chat bridge")
				.param("url", receiverUrl("/hook"))
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

		String secret = shownSecret(created);
		assertThat(secret).startsWith("whsec_");
		assertThat(this.webhooks.subscription("chat-bridge").ruleIds()).containsExactly("switch-down", "coverage-low");
		assertThat(this.webhooks.subscription("chat-bridge").matchLabels()).isEqualTo(Map.of("team", "netops"));
		assertThat(this.webhooks.subscription("chat-bridge").groupBy()).containsExactly("alertname", "switch");
		String shown = this.mvc.perform(get("/alerts").flashAttrs(created.getFlashMap()))
			.andReturn()
			.getResponse()
			.getContentAsString();
		assertThat(shown).contains("<code id=\"secret-value\">" + secret + "</code>")
			.contains("alertmanager-v4")
			.contains("by alertname, switch, wait 10s, every 1m");
		String later = this.mvc.perform(get("/alerts")).andReturn().getResponse().getContentAsString();
		assertThat(later).contains("chat bridge").doesNotContain(secret);
	}

	@Test
	@WithMockUser(username = "ada", roles = "ADMIN")
	void showsTheUrlTheWebhooksModuleRefusedBesideItsInput() throws Exception {
		String page = refused(subscriptionForm("ftp receiver", "ftp://example.org/"));

		assertThat(page).contains("aria-describedby=\"subscription-error-url\"")
			.contains("id=\"subscription-error-url\">Destination ftp://example.org/ refused: "
					+ "only http and https URLs are delivered to</p>")
			.contains("value=\"ftp://example.org/\"");
		assertThat(this.webhooks.subscriptions())
			.noneMatch((subscription) -> subscription.name().equals("ftp receiver"));
	}

	@Test
	@WithMockUser(username = "ada", roles = "ADMIN")
	void editsRotatesAndDeletesASubscription() throws Exception {
		String secret = subscribed("edited-pager", "/hook");
		String form = this.mvc.perform(get("/alerts").param("editSubscription", "edited-pager"))
			.andReturn()
			.getResponse()
			.getContentAsString();
		assertThat(form).contains("action=\"/alerts/subscriptions/edited-pager\"")
			.contains("value=\"" + receiverUrl("/hook") + "\"");
		this.mvc
			.perform(post("/alerts/subscriptions/edited-pager").with(csrf())
				.param("name", "edited-pager")
				.param("url", receiverUrl("/other"))
				.param("format", "sonde"))
			.andExpect(status().isFound());
		assertThat(this.webhooks.subscription("edited-pager").url()).isEqualTo(receiverUrl("/other"));
		assertThat(this.webhooks.subscription("edited-pager").enabled()).isFalse();

		Instant before = Instant.now().truncatedTo(ChronoUnit.SECONDS);
		MvcResult rotated = this.mvc
			.perform(post("/alerts/subscriptions/edited-pager/secret").with(csrf()).param("grace", "2h"))
			.andExpect(status().isFound())
			.andReturn();
		Instant after = Instant.now();
		String done = (String) rotated.getFlashMap().get("done");
		assertThat(done).startsWith("Secret of edited-pager rotated; the previous one signs too until ");
		Matcher until = UNTIL.matcher(done);
		assertThat(until.find()).as(done).isTrue();
		Instant previousValidUntil = LocalDateTime
			.parse(until.group(1), DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss"))
			.toInstant(ZoneOffset.UTC);
		assertThat(previousValidUntil).isBetween(before.plus(Duration.ofHours(2)), after.plus(Duration.ofHours(2)));
		assertThat(shownSecret(rotated)).startsWith("whsec_").isNotEqualTo(secret);
		this.mvc.perform(post("/alerts/subscriptions/edited-pager/secret").with(csrf()).param("grace", "a while"))
			.andExpect(status().isBadRequest());

		this.mvc.perform(post("/alerts/subscriptions/edited-pager/delete").with(csrf())).andExpect(status().isFound());
		assertThatExceptionOfType(SubscriptionNotFound.class)
			.isThrownBy(() -> this.webhooks.subscription("edited-pager"));
	}

	@Test
	@WithMockUser(username = "olga", roles = "OPERATOR")
	void refusesAnOperatorsSubscriptionChangesButSendsTestsAndReplays() throws Exception {
		subscribed("operator-pager", "/gone");
		this.mvc.perform(
				post("/alerts/subscriptions").with(csrf()).param("name", "sneaky").param("url", receiverUrl("/hook")))
			.andExpect(status().isForbidden());
		this.mvc.perform(post("/alerts/subscriptions/operator-pager/secret").with(csrf()))
			.andExpect(status().isForbidden());
		this.mvc.perform(post("/alerts/subscriptions/operator-pager/delete").with(csrf()))
			.andExpect(status().isForbidden());
		assertThat(this.webhooks.subscriptions()).noneMatch((subscription) -> subscription.name().equals("sneaky"));
		assertThat(this.webhooks.subscription("operator-pager").enabled()).isTrue();

		this.mvc.perform(post("/alerts/test/operator-pager").with(csrf())).andExpect(status().isFound());
		WebhookDelivery dead = settled("operator-pager", DeliveryKind.TEST);
		assertThat(dead.status()).isEqualTo(DeliveryStatus.FAILED);
		assertThat(this.webhooks.deadLetters(1000)).extracting(WebhookDelivery::id).contains(dead.id());

		String page = this.mvc.perform(get("/alerts").param("deliveries", "operator-pager"))
			.andReturn()
			.getResponse()
			.getContentAsString();
		assertThat(page).contains("Deliveries to operator-pager")
			.contains("failed: HTTP 410 from 127.0.0.1")
			.contains("action=\"/alerts/deliveries/" + dead.id() + "/replay\"")
			.contains(dead.webhookId());
		this.mvc.perform(post("/alerts/deliveries/" + dead.id() + "/replay").with(csrf()))
			.andExpect(status().isFound());
		WebhookDelivery replay = settled("operator-pager", DeliveryKind.REPLAY);
		assertThat(replay.replayOf()).isEqualTo(dead.id());
		assertThat(replay.webhookId()).isEqualTo(dead.webhookId());
		this.mvc.perform(post("/alerts/deliveries/nothing/replay").with(csrf())).andExpect(status().isNotFound());
	}

	@Test
	@WithMockUser(username = "viv", roles = "VIEWER")
	void refusesAViewersTestSendAndReplay() throws Exception {
		subscribed("viewer-pager", "/hook");

		this.mvc.perform(post("/alerts/test/viewer-pager").with(csrf())).andExpect(status().isForbidden());
		this.mvc.perform(post("/alerts/deliveries/d1/replay").with(csrf())).andExpect(status().isForbidden());

		assertThat(this.webhooks.deliveries("viewer-pager", 10)).isEmpty();
	}

	/** Subscribes {@code id} to the receiver's {@code path}; returns its secret. */
	private String subscribed(String id, String path) {
		return this.webhooks
			.create(new SubscriptionRequest(id, id, receiverUrl(path), true, "sonde", List.of(), Map.of(), List.of(),
					null, null))
			.secret();
	}

	/**
	 * The subscription's newest delivery of {@code kind} once it is no longer pending.
	 */
	private WebhookDelivery settled(String subscriptionId, DeliveryKind kind) {
		return await().atMost(Duration.ofSeconds(30))
			.until(() -> this.webhooks.deliveries(subscriptionId, 100)
				.stream()
				.filter((delivery) -> delivery.kind() == kind && delivery.status() != DeliveryStatus.PENDING)
				.findFirst(), (delivery) -> delivery.isPresent())
			.orElseThrow();
	}

	private static String shownSecret(MvcResult result) {
		Object shown = result.getFlashMap().get("secret");
		assertThat(shown).isInstanceOf(AlertsWebhooksController.SecretShown.class);
		return ((AlertsWebhooksController.SecretShown) shown).secret();
	}

	private static String receiverUrl(String path) {
		return "http://127.0.0.1:" + receiver.getAddress().getPort() + path;
	}

}
