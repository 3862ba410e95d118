package io.sonde.webhooks.internal;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import io.sonde.alerts.Alert;
import io.sonde.alerts.AlertNotification;
import io.sonde.webhooks.SubscriptionRequest;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Grouping as Alertmanager does it, observed at a real receiver: a new group waits
 * groupWait and carries every alert that joined meanwhile; a change is sent no sooner
 * than groupInterval after the previous notification; groups follow the groupBy labels;
 * rules and labels the subscription does not choose are not sent. Only lower bounds on
 * time are asserted: a busy machine may deliver later, never earlier. The interval is
 * measured between the times the grouper made the notifications (their payload's
 * timestamp): a late delivery of the earlier one would shorten it at the receiver.
 */
class NotificationGroupingIntegrationTests extends OnATestReceiver {

	private void subscribe(String id, List<String> ruleIds, Map<String, String> matchLabels, List<String> groupBy,
			String wait, String interval) {
		var created = this.bed.webhooks.create(new SubscriptionRequest(id, id, this.receiver.url(), null, null, ruleIds,
				matchLabels, groupBy, wait, interval));
		this.receiver.verifyWith(created.secret());
	}

	private void publish(AlertNotification.Kind kind, Alert alert) {
		this.bed.grouper.on(new AlertNotification("n-" + System.nanoTime(), kind, alert, Instant.now()));
	}

	private JsonNode body(int index) throws Exception {
		return this.bed.json.readTree(this.receiver.received().get(index).body());
	}

	private Instant madeAt(int index) throws Exception {
		return Instant.parse(body(index).path("timestamp").asText());
	}

	@Test
	void newGroupWaitsThenAChangeWaitsTheGroupInterval() throws Exception {
		subscribe("grouped", List.of(), Map.of(), List.of("alertname"), "1s", "3s");
		Alert first = Alerts.firing("loss-high", Map.of("link", "a-b"), Instant.now());
		Alert second = Alerts.firing("loss-high", Map.of("link", "c-d"), Instant.now());
		Instant published = Instant.now();

		publish(AlertNotification.Kind.FIRING, first);
		publish(AlertNotification.Kind.FIRING, second);
		await().atMost(SETTLE).until(() -> this.receiver.received().size() == 1);

		TestReceiver.Received sent = this.receiver.received().get(0);
		assertThat(Duration.between(published, sent.at())).isGreaterThanOrEqualTo(Duration.ofSeconds(1));
		assertThat(body(0).path("data").path("alerts")).hasSize(2);
		assertThat(body(0).path("data").path("groupLabels").path("alertname").asText()).isEqualTo("loss-high");

		publish(AlertNotification.Kind.RESOLVED, first.resolvedAt(Instant.now()));
		await().atMost(SETTLE).until(() -> this.receiver.received().size() == 2);

		assertThat(Duration.between(madeAt(0), madeAt(1))).isGreaterThanOrEqualTo(Duration.ofMillis(2900));
		JsonNode alerts = body(1).path("data").path("alerts");
		assertThat(alerts).hasSize(2);
		assertThat(alerts.findValuesAsText("status")).containsExactlyInAnyOrder("resolved", "firing");

		// The resolved alert left the group once sent: a repeat re-sends the
		// firing one alone.
		publish(AlertNotification.Kind.REPEAT, second);
		await().atMost(SETTLE).until(() -> this.receiver.received().size() == 3);
		assertThat(body(2).path("data").path("alerts")).hasSize(1);
		assertThat(Duration.between(madeAt(1), madeAt(2))).isGreaterThanOrEqualTo(Duration.ofMillis(2900));
	}

	@Test
	void groupsFollowTheGroupByLabelsAndOnlyChosenAlertsAreSent() throws Exception {
		subscribe("per-switch", List.of("loss-high"), Map.of("team", "netops"), List.of("switch"), "0s", "5m");

		publish(AlertNotification.Kind.FIRING,
				Alerts.firing("loss-high", Map.of("switch", "s1", "team", "netops"), Instant.now()));
		publish(AlertNotification.Kind.FIRING,
				Alerts.firing("loss-high", Map.of("switch", "s2", "team", "netops"), Instant.now()));
		publish(AlertNotification.Kind.FIRING,
				Alerts.firing("loss-high", Map.of("switch", "s3", "team", "other"), Instant.now()));
		publish(AlertNotification.Kind.FIRING,
				Alerts.firing("coverage-low", Map.of("switch", "s1", "team", "netops"), Instant.now()));
		await().atMost(SETTLE).until(() -> this.receiver.received().size() >= 2);
		// Anything wrongly chosen would have been sent at once too (groupWait 0).
		Thread.sleep(1000);

		assertThat(this.receiver.received()).hasSize(2);
		assertThat(List.of(body(0), body(1)))
			.extracting((body) -> body.path("data").path("groupLabels").path("switch").asText())
			.containsExactlyInAnyOrder("s1", "s2");
	}

}
