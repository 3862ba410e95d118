package io.sonde.webhooks.internal;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import io.sonde.webhooks.CreatedSubscription;
import io.sonde.webhooks.DeliveryKind;
import io.sonde.webhooks.DeliveryStatus;
import io.sonde.webhooks.RotatedSecret;
import io.sonde.webhooks.SubscriptionRequest;
import io.sonde.webhooks.WebhookDelivery;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Deliveries to a real HTTP receiver on loopback that verifies every Standard Webhooks
 * signature with a verifier of its own; Redis is a redis-server of the test's.
 */
class WebhookDeliveryIntegrationTests extends OnATestReceiver {

	private CreatedSubscription subscribe(String id) {
		CreatedSubscription created = this.bed.webhooks
			.create(new SubscriptionRequest(id, id, this.receiver.url(), null, null, null, null, null, "0s", null));
		this.receiver.verifyWith(created.secret());
		return created;
	}

	private WebhookDelivery settled(String subscriptionId, String deliveryId) {
		return await().atMost(SETTLE)
			.until(() -> this.bed.webhooks.deliveries(subscriptionId, 50)
				.stream()
				.filter((delivery) -> delivery.id().equals(deliveryId))
				.findFirst()
				.orElseThrow(), (delivery) -> delivery.status() != DeliveryStatus.PENDING);
	}

	@Test
	void receiverVerifiesTheSignatureOfADelivery() throws Exception {
		CreatedSubscription created = subscribe("signed");
		assertThat(created.secret()).matches("whsec_[A-Za-z0-9+/]{43}=");

		WebhookDelivery delivery = settled("signed", this.bed.webhooks.sendTest("signed").id());

		assertThat(delivery.status()).isEqualTo(DeliveryStatus.DELIVERED);
		TestReceiver.Received got = this.receiver.received().get(0);
		assertThat(got.verifiedBy()).containsExactly(created.secret());
		assertThat(got.webhookId()).isEqualTo(delivery.webhookId());
		assertThat(got.signature()).matches("v1,[A-Za-z0-9+/=]+");
		JsonNode body = this.bed.json.readTree(got.body());
		assertThat(body.path("type").asText()).isEqualTo("alerts.test");
		assertThat(body.path("data").path("alerts").get(0).path("labels").path("alertname").asText())
			.isEqualTo("sonde webhook test");
	}

	@Test
	void verifierRejectsATamperedBodyAndAWrongSecret() throws Exception {
		CreatedSubscription created = subscribe("tamper");
		settled("tamper", this.bed.webhooks.sendTest("tamper").id());
		TestReceiver.Received got = this.receiver.received().get(0);
		Instant now = Instant.now();

		assertThat(SignatureVerifier.rejection(created.secret(), got.webhookId(), got.timestamp(), got.signature(),
				got.body(), now))
			.isNull();
		assertThat(SignatureVerifier.rejection(created.secret(), got.webhookId(), got.timestamp(), got.signature(),
				got.body().replace("alerts.test", "alerts.tset"), now))
			.isEqualTo("no matching signature");
		assertThat(SignatureVerifier.rejection(WebhookSignature.newSecret(), got.webhookId(), got.timestamp(),
				got.signature(), got.body(), now))
			.isEqualTo("no matching signature");
	}

	@Test
	void receiverRejectsATimestampOlderThanFiveMinutes() throws Exception {
		this.bed.close();
		// Sonde's clock runs six minutes behind the receiver's: its timestamps are stale.
		Clock behind = Clock.offset(Clock.systemUTC(), Duration.ofMinutes(-6));
		this.bed = new WebhookTestBed(behind, List.of("127.0.0.1/32"), 3);
		subscribe("stale");

		WebhookDelivery delivery = settled("stale", this.bed.webhooks.sendTest("stale").id());

		assertThat(this.receiver.received()).hasSize(1);
		assertThat(this.receiver.received().get(0).rejection()).isEqualTo("timestamp outside the tolerance");
		assertThat(delivery.status()).isEqualTo(DeliveryStatus.FAILED);
		assertThat(delivery.attempts()).singleElement().extracting((attempt) -> attempt.httpStatus()).isEqualTo(400);
	}

	@Test
	void bothSecretsSignDuringTheRotationGraceOnlyTheNewAfterIt() throws Exception {
		CreatedSubscription created = subscribe("rotated");
		RotatedSecret rotated = this.bed.webhooks.rotateSecret("rotated", Duration.ofHours(1));
		this.receiver.verifyWith(created.secret(), rotated.secret());

		settled("rotated", this.bed.webhooks.sendTest("rotated").id());

		TestReceiver.Received during = this.receiver.received().get(0);
		assertThat(during.signature().split(" ")).hasSize(2);
		assertThat(during.verifiedBy()).containsExactlyInAnyOrder(created.secret(), rotated.secret());

		this.bed.webhooks.rotateSecret("rotated", Duration.ZERO);
		String newest = this.bed.store.secrets("rotated").orElseThrow().current();
		this.receiver.verifyWith(created.secret(), rotated.secret(), newest);
		settled("rotated", this.bed.webhooks.sendTest("rotated").id());

		TestReceiver.Received after = this.receiver.received().get(1);
		assertThat(after.signature().split(" ")).hasSize(1);
		assertThat(after.verifiedBy()).containsExactly(newest);
	}

	@Test
	void twoUnavailableAnswersThenOkIsDeliveredOnceAfterThreeAttemptsUnderOneWebhookId() {
		subscribe("flaky");
		this.receiver.answer(503, Map.of());
		this.receiver.answer(503, Map.of());
		this.receiver.answer(200, Map.of());

		WebhookDelivery delivery = settled("flaky", this.bed.webhooks.sendTest("flaky").id());

		assertThat(delivery.status()).isEqualTo(DeliveryStatus.DELIVERED);
		assertThat(delivery.attempts()).extracting((attempt) -> attempt.httpStatus()).containsExactly(503, 503, 200);
		assertThat(this.receiver.received()).extracting(TestReceiver.Received::answered).containsExactly(503, 503, 200);
		assertThat(this.receiver.received()).extracting(TestReceiver.Received::webhookId)
			.containsOnly(delivery.webhookId());
	}

	@Test
	void tooManyRequestsWaitsTheRetryAfterItWasGiven() {
		subscribe("throttled");
		this.receiver.answer(429, Map.of("Retry-After", "2"));

		WebhookDelivery delivery = settled("throttled", this.bed.webhooks.sendTest("throttled").id());

		assertThat(delivery.status()).isEqualTo(DeliveryStatus.DELIVERED);
		List<TestReceiver.Received> got = this.receiver.received();
		assertThat(got).hasSize(2);
		// The back-off alone would wait at most 50 ms.
		assertThat(Duration.between(got.get(0).at(), got.get(1).at())).isGreaterThanOrEqualTo(Duration.ofSeconds(2));
	}

	@Test
	void lastFailedAttemptLeavesADeadLetter() {
		subscribe("down");
		for (int i = 0; i < 3; i++) {
			this.receiver.answer(500, Map.of());
		}

		WebhookDelivery delivery = settled("down", this.bed.webhooks.sendTest("down").id());

		assertThat(delivery.status()).isEqualTo(DeliveryStatus.FAILED);
		assertThat(delivery.attempts()).hasSize(3);
		assertThat(delivery.error()).contains("HTTP 500");
		assertThat(this.bed.webhooks.deadLetters(10)).singleElement()
			.satisfies((dead) -> assertThat(dead.id()).isEqualTo(delivery.id()));
	}

	@Test
	void replaySendsTheSameBodyUnderTheSameWebhookIdAsANewDelivery() {
		subscribe("replayed");
		for (int i = 0; i < 3; i++) {
			this.receiver.answer(500, Map.of());
		}
		WebhookDelivery dead = settled("replayed", this.bed.webhooks.sendTest("replayed").id());

		WebhookDelivery replay = settled("replayed", this.bed.webhooks.replay(dead.id()).id());

		assertThat(replay.status()).isEqualTo(DeliveryStatus.DELIVERED);
		assertThat(replay.kind()).isEqualTo(DeliveryKind.REPLAY);
		assertThat(replay.replayOf()).isEqualTo(dead.id());
		assertThat(replay.webhookId()).isEqualTo(dead.webhookId());
		List<TestReceiver.Received> got = this.receiver.received();
		assertThat(got.get(3).body()).isEqualTo(got.get(0).body());
		assertThat(got.get(3).verifiedBy()).isNotEmpty();
	}

	@Test
	void pendingDeliveryIsRetriedByTheNextStartUnderItsWebhookId() {
		subscribe("restart");
		this.receiver.answer(503, Map.of("Retry-After", "3"));
		String id = this.bed.webhooks.sendTest("restart").id();
		await().atMost(SETTLE)
			.until(() -> this.bed.store.pending(id).map((p) -> p.delivery().attempts().size()).orElse(0) == 1);
		this.bed.stopDispatcher();

		this.bed.startDispatcher();

		WebhookDelivery delivery = settled("restart", id);
		assertThat(delivery.status()).isEqualTo(DeliveryStatus.DELIVERED);
		assertThat(delivery.attempts()).extracting((attempt) -> attempt.httpStatus()).containsExactly(503, 200);
		assertThat(this.receiver.received()).extracting(TestReceiver.Received::webhookId)
			.containsExactly(delivery.webhookId(), delivery.webhookId());
	}

}
