package io.sonde.webhooks.internal;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import io.sonde.webhooks.DeliveryStatus;
import io.sonde.webhooks.Subscription;
import io.sonde.webhooks.SubscriptionRejected;
import io.sonde.webhooks.SubscriptionRequest;
import io.sonde.webhooks.WebhookDelivery;
import io.sonde.webhooks.WebhookFormat;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

/**
 * Server-side request forgery is refused at save time and at delivery time, after DNS
 * resolution and on redirects, without a connection: listening sockets count accepts.
 */
class RequestForgeryIntegrationTests {

	private static final Duration SETTLE = Duration.ofSeconds(30);

	private WebhookTestBed bed;

	private AcceptCounter loopback;

	@BeforeEach
	void start() throws Exception {
		this.loopback = new AcceptCounter("127.0.0.1");
	}

	@AfterEach
	void stop() throws Exception {
		this.loopback.close();
		this.bed.close();
	}

	private List<String> forbidden() {
		return List.of("http://127.0.0.1:" + this.loopback.port() + "/hook", "http://169.254.169.254/latest/meta-data",
				"http://10.0.0.1/hook", "http://[::1]:" + this.loopback.port() + "/hook",
				"http://localhost:" + this.loopback.port() + "/hook",
				"http://[::ffff:127.0.0.1]:" + this.loopback.port() + "/hook");
	}

	@Test
	void refusesForbiddenDestinationsWhenASubscriptionIsSaved() {
		this.bed = new WebhookTestBed(Clock.systemUTC(), List.of(), 3);
		for (String url : forbidden()) {
			assertThatThrownBy(() -> this.bed.webhooks
				.create(new SubscriptionRequest(null, "ssrf", url, null, null, null, null, null, null, null))).as(url)
				.isInstanceOfSatisfying(SubscriptionRejected.class,
						(rejected) -> assertThat(rejected.field()).isEqualTo("url"));
		}
		assertThat(this.bed.webhooks.subscriptions()).isEmpty();
	}

	@Test
	void refusesForbiddenDestinationsAtDeliveryWithoutConnecting() {
		this.bed = new WebhookTestBed(Clock.systemUTC(), List.of(), 3);
		List<String> urls = forbidden();
		for (int i = 0; i < urls.size(); i++) {
			// Stored past the save-time check, as when the allow-list shrank since.
			storeDirectly("forged-" + i, urls.get(i));
			String id = this.bed.webhooks.sendTest("forged-" + i).id();

			WebhookDelivery delivery = settled("forged-" + i, id);

			assertThat(delivery.status()).as(urls.get(i)).isEqualTo(DeliveryStatus.REFUSED);
			assertThat(delivery.error()).as(urls.get(i)).contains("refused");
		}
		assertThat(this.bed.webhooks.deadLetters(50)).hasSize(urls.size());
		assertThat(this.loopback.accepted()).isZero();
	}

	@Test
	void refusesRedirectsToLoopbackAndLinkLocalWithoutConnecting() throws Exception {
		this.bed = new WebhookTestBed(Clock.systemUTC(), List.of("127.0.0.1/32"), 3);
		try (TestReceiver receiver = new TestReceiver(Clock.systemUTC());
				AcceptCounter elsewhere = new AcceptCounter("127.0.0.2")) {
			var created = this.bed.webhooks.create(new SubscriptionRequest("redirected", "r", receiver.url(), null,
					null, null, null, null, null, null));
			receiver.verifyWith(created.secret());
			receiver.answer(307, Map.of("Location", "http://127.0.0.2:" + elsewhere.port() + "/hook"));
			receiver.answer(302, Map.of("Location", "http://169.254.169.254/latest/meta-data"));

			WebhookDelivery toOtherAddress = settled("redirected", this.bed.webhooks.sendTest("redirected").id());
			WebhookDelivery toMetadata = settled("redirected", this.bed.webhooks.sendTest("redirected").id());

			assertThat(toOtherAddress.status()).isEqualTo(DeliveryStatus.REFUSED);
			assertThat(toOtherAddress.error()).contains("127.0.0.2");
			assertThat(toMetadata.status()).isEqualTo(DeliveryStatus.REFUSED);
			assertThat(toMetadata.error()).contains("169.254.169.254");
			assertThat(receiver.received()).hasSize(2);
			assertThat(elsewhere.accepted()).isZero();
			assertThat(this.loopback.accepted()).isZero();
		}
	}

	private void storeDirectly(String id, String url) {
		Instant now = Instant.now();
		this.bed.store.create(
				new Subscription(id, id, url, true, WebhookFormat.SONDE, List.of(), Map.of(), List.of("alertname"),
						Duration.ZERO, Duration.ofMinutes(5), now, now),
				new StoredSecrets(WebhookSignature.newSecret(), null, null));
	}

	private WebhookDelivery settled(String subscriptionId, String deliveryId) {
		return await().atMost(SETTLE)
			.until(() -> this.bed.webhooks.deliveries(subscriptionId, 50)
				.stream()
				.filter((delivery) -> delivery.id().equals(deliveryId))
				.findFirst()
				.orElseThrow(), (delivery) -> delivery.status() != DeliveryStatus.PENDING);
	}

}
