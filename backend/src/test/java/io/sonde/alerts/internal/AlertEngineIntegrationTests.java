package io.sonde.alerts.internal;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import io.sonde.alerts.Alert;
import io.sonde.alerts.AlertNotification;
import io.sonde.alerts.AlertNotification.Kind;
import io.sonde.alerts.AlertRule;
import io.sonde.alerts.AlertRuleVersion;
import io.sonde.alerts.AlertSelector;
import io.sonde.alerts.AlertSeverity;
import io.sonde.alerts.AlertStatus;
import io.sonde.alerts.Comparison;
import io.sonde.alerts.EventCountCondition;
import io.sonde.alerts.LiveValue;
import io.sonde.alerts.LiveValueCondition;
import io.sonde.events.EventKind;
import io.sonde.events.TelemetryEvent;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The rule engine on the shared Redis (keys of its own), driven tick by tick with a
 * stepping clock: fire after {@code for}, repeat, resolve, one alert per series known by
 * its fingerprint, events counted per series in a window, and edits and deletions
 * resolving what a rule no longer produces.
 */
class AlertEngineIntegrationTests {

	private EngineHarness harness;

	@BeforeEach
	void engine() {
		this.harness = new EngineHarness(6379, AlertsProperties.defaults());
	}

	@AfterEach
	void clean() {
		this.harness.close();
	}

	@Test
	void firesOnceAfterForRepeatsEveryIntervalAndResolvesWhenTheValueClears() {
		this.harness.rules.create(levelRule("level-high", Duration.ofSeconds(5), AlertSelector.ANY), "alice", "test");
		this.harness.set("test.level", series("leaf-1", 0.9));

		tick(Duration.ZERO);
		tick(Duration.ofSeconds(4));
		assertThat(this.harness.published).as("pending during 'for'").isEmpty();
		tick(Duration.ofSeconds(1));
		assertThat(this.harness.kinds()).containsExactly(Kind.FIRING);
		tick(Duration.ofSeconds(30));
		assertThat(this.harness.kinds()).as("no repeat before repeatInterval").containsExactly(Kind.FIRING);
		tick(Duration.ofSeconds(30));
		assertThat(this.harness.kinds()).containsExactly(Kind.FIRING, Kind.REPEAT);
		this.harness.set("test.level", series("leaf-1", 0.1));
		tick(Duration.ofSeconds(1));

		assertThat(this.harness.kinds()).containsExactly(Kind.FIRING, Kind.REPEAT, Kind.RESOLVED);
		Set<String> ids = this.harness.published.stream().map(AlertNotification::id).collect(Collectors.toSet());
		assertThat(ids).hasSize(3);
		Alert resolved = this.harness.published.get(2).alert();
		assertThat(resolved.status()).isEqualTo(AlertStatus.RESOLVED);
		assertThat(resolved.startsAt()).isEqualTo(Instant.parse("2026-11-27T10:00:05Z"));
		assertThat(resolved.endsAt()).isEqualTo(this.harness.clock.instant());
		assertThat(this.harness.rules.firing()).isEmpty();
		assertThat(this.harness.rules.history(10)).extracting(Alert::fingerprint)
			.containsExactly(resolved.fingerprint());
	}

	@Test
	void eachSeriesIsOneAlertThatNeverFiresTwiceAtOnce() {
		this.harness.rules.create(levelRule("level-high", Duration.ZERO, AlertSelector.ANY), "alice", null);
		this.harness.set("test.level", series("leaf-1", 0.9), series("leaf-2", 0.8), series("leaf-3", 0.2));

		for (int i = 0; i < 10; i++) {
			tick(Duration.ofSeconds(1));
		}

		assertThat(this.harness.kinds()).containsExactly(Kind.FIRING, Kind.FIRING);
		List<Alert> firing = this.harness.rules.firing();
		assertThat(firing).extracting((alert) -> alert.labels().get("switch"))
			.containsExactlyInAnyOrder("leaf-1", "leaf-2");
		Alert leaf1 = firing.stream()
			.filter((alert) -> alert.labels().get("switch").equals("leaf-1"))
			.findFirst()
			.get();
		assertThat(leaf1.labels()).containsEntry("alertname", "level high")
			.containsEntry("severity", "warning")
			.containsEntry("rule_id", "level-high")
			.containsEntry("team", "netops");
		assertThat(leaf1.value()).isEqualTo(0.9);
		assertThat(leaf1.fingerprint()).isEqualTo(sha256Prefix(
				"alertname=level high\nrule_id=level-high\nseverity=warning\nswitch=leaf-1\nteam=netops\n"));
	}

	@Test
	void countsEventsPerSeriesInTheWindowAndResolvesWhenTheyAge() {
		this.harness.rules.create(slowHops(3), "alice", null);
		tick(Duration.ZERO);
		// Switch 7: two now, one 6 s later: three in 10 s. Switch 8: two, then one 11 s
		// later. Switch 9: many, but of another metric or kind.
		count(event(7, EventKind.THRESHOLD, "hop_latency"), event(7, EventKind.THRESHOLD, "hop_latency"),
				event(8, EventKind.THRESHOLD, "hop_latency"), event(8, EventKind.THRESHOLD, "hop_latency"),
				event(9, EventKind.THRESHOLD, "queue_occupancy"), event(9, EventKind.THRESHOLD, "queue_occupancy"),
				event(9, EventKind.THRESHOLD, "queue_occupancy"), event(9, EventKind.CHANGED, "hop_latency"),
				event(9, EventKind.CHANGED, "hop_latency"), event(9, EventKind.CHANGED, "hop_latency"));
		tick(Duration.ofSeconds(6));
		assertThat(this.harness.published).isEmpty();
		count(event(7, EventKind.THRESHOLD, "hop_latency"));
		tick(Duration.ZERO);
		assertThat(this.harness.kinds()).containsExactly(Kind.FIRING);
		Alert fired = this.harness.published.get(0).alert();
		assertThat(fired.labels()).containsEntry("switch", "leaf-7")
			.containsEntry("metric", "hop_latency")
			.containsEntry("port", "3");
		assertThat(fired.value()).isEqualTo(3);
		tick(Duration.ofSeconds(5));
		count(event(8, EventKind.THRESHOLD, "hop_latency"));

		tick(Duration.ZERO);

		assertThat(this.harness.kinds()).as("the first events of both switches left the window")
			.containsExactly(Kind.FIRING, Kind.RESOLVED);
		assertThat(this.harness.published.get(1).alert().fingerprint()).isEqualTo(fired.fingerprint());
		assertThat(this.harness.published.get(1).alert().value()).as("the count it last held with").isEqualTo(3);
	}

	@Test
	void anEditResolvesTheAlertsTheRuleNoLongerProducesAndKeepsTheOthers() {
		this.harness.rules.create(levelRule("level-high", Duration.ZERO, AlertSelector.ANY), "alice", null);
		this.harness.set("test.level", series("leaf-1", 0.9), series("leaf-2", 0.8));
		tick(Duration.ofSeconds(1));
		assertThat(this.harness.kinds()).containsExactly(Kind.FIRING, Kind.FIRING);
		Alert leaf1 = this.harness.rules.firing()
			.stream()
			.filter((alert) -> alert.labels().get("switch").equals("leaf-1"))
			.findFirst()
			.get();

		this.harness.rules.update("level-high",
				levelRule("level-high", Duration.ZERO, new AlertSelector("leaf-1", null, null)), "bob", "leaf-1 only");
		tick(Duration.ofSeconds(1));

		assertThat(this.harness.kinds()).containsExactly(Kind.FIRING, Kind.FIRING, Kind.RESOLVED);
		assertThat(this.harness.published.get(2).alert().labels()).containsEntry("switch", "leaf-2");
		assertThat(this.harness.rules.firing()).extracting(Alert::fingerprint).containsExactly(leaf1.fingerprint());
		assertThat(this.harness.rules.versions("level-high"))
			.extracting(AlertRuleVersion::version, AlertRuleVersion::author, AlertRuleVersion::comment)
			.containsExactly(org.assertj.core.groups.Tuple.tuple(2L, "bob", "leaf-1 only"),
					org.assertj.core.groups.Tuple.tuple(1L, "alice", null));
	}

	@Test
	void deletingARuleResolvesItsAlertsAndRecordsTheDeletion() {
		this.harness.rules.create(levelRule("level-high", Duration.ZERO, AlertSelector.ANY), "alice", null);
		this.harness.set("test.level", series("leaf-1", 0.9));
		tick(Duration.ofSeconds(1));

		AlertRuleVersion deleted = this.harness.rules.delete("level-high", "carol", "noisy");
		tick(Duration.ofSeconds(1));

		assertThat(this.harness.kinds()).containsExactly(Kind.FIRING, Kind.RESOLVED);
		assertThat(this.harness.rules.firing()).isEmpty();
		assertThat(deleted.deleted()).isTrue();
		assertThat(deleted.version()).isEqualTo(2);
		assertThat(this.harness.rules.rules()).isEmpty();
		assertThat(this.harness.rules.versions("level-high").get(0).author()).isEqualTo("carol");
	}

	@Test
	void aLiveSeriesThatVanishesResolvesOnlyAfterTheAbsentGrace() {
		this.harness.rules.create(levelRule("level-high", Duration.ZERO, AlertSelector.ANY), "alice", null);
		this.harness.set("test.level", series("leaf-1", 0.9));
		tick(Duration.ofSeconds(1));
		this.harness.set("test.level");

		tick(Duration.ofSeconds(1));
		tick(Duration.ofSeconds(4));
		assertThat(this.harness.kinds()).as("absent 4 s of the 5 s grace").containsExactly(Kind.FIRING);
		tick(Duration.ofSeconds(1));

		assertThat(this.harness.kinds()).containsExactly(Kind.FIRING, Kind.RESOLVED);
	}

	@Test
	void readsTheRulesAfterAnyReplicaChangesThemAndOtherwiseOnlyOnceAMinute() throws Exception {
		tick(Duration.ZERO);
		RedisAlertStore otherReplica = new RedisAlertStore(this.harness.redis, EngineHarness.JSON, 100,
				this.harness.prefix);
		otherReplica.putIfAbsent(levelRule("from-replica", Duration.ZERO, AlertSelector.ANY));
		tick(Duration.ofSeconds(1));
		assertThat(this.harness.engine.rules()).as("the change token moved").containsKey("from-replica");
		// Written around the store, the token does not move: only the minute's full
		// read finds it.
		this.harness.redis.opsForHash()
			.put(this.harness.prefix + "rules", "around-the-store", EngineHarness.JSON
				.writeValueAsString(levelRule("around-the-store", Duration.ZERO, AlertSelector.ANY)));
		tick(Duration.ofSeconds(1));
		assertThat(this.harness.engine.rules()).doesNotContainKey("around-the-store");
		tick(Duration.ofMinutes(1));
		assertThat(this.harness.engine.rules()).containsKeys("from-replica", "around-the-store");
		otherReplica.remove("from-replica");
		tick(Duration.ofSeconds(1));
		assertThat(this.harness.engine.rules()).containsOnlyKeys("around-the-store");
	}

	@Test
	void healthCountsTheEventsOfSeriesPastTheRulesMaximum() {
		this.harness.close();
		this.harness = new EngineHarness(6379, new AlertsProperties(null, null, null, 2));
		this.harness.rules.create(slowHops(1), "alice", null);
		tick(Duration.ZERO);
		count(event(7, EventKind.THRESHOLD, "hop_latency"), event(8, EventKind.THRESHOLD, "hop_latency"),
				event(9, EventKind.THRESHOLD, "hop_latency"), event(9, EventKind.THRESHOLD, "hop_latency"),
				event(7, EventKind.THRESHOLD, "hop_latency"));
		tick(Duration.ofSeconds(1));

		var health = new AlertsHealthIndicator(this.harness.engine, this.harness.counting, this.harness.properties)
			.health();

		assertThat(health.getStatus().getCode()).isEqualTo("UP");
		assertThat(health.getDetails()).containsEntry("eventsNotCounted", 2L)
			.containsEntry("maxSeriesPerRule", 2)
			.containsEntry("eventRulesCounting", 1)
			.containsEntry("firing", 2);
	}

	@Test
	void healthIsDownWhileTheRulesCannotBeReadAndNothingFires() {
		EngineHarness unreachable = new EngineHarness(1, AlertsProperties.defaults());
		try {
			unreachable.engine.evaluate();
			var health = new AlertsHealthIndicator(unreachable.engine, unreachable.counting, unreachable.properties)
				.health();
			assertThat(health.getStatus().getCode()).isEqualTo("DOWN");
			assertThat(health.getDetails().get("reason").toString()).startsWith("evaluating the alert rules failing");
			assertThat(unreachable.published).isEmpty();
		}
		finally {
			unreachable.disconnect();
		}
	}

	private void tick(Duration step) {
		this.harness.clock.advance(step);
		this.harness.engine.evaluate();
	}

	private void count(TelemetryEvent... events) {
		this.harness.counting.count(List.of(events), this.harness.clock.millis());
	}

	/** Slow hops: at least {@code count} hop-latency threshold events in 10 s. */
	static AlertRule slowHops(int count) {
		return new AlertRule("slow-hops", "slow hops", AlertSeverity.CRITICAL,
				new EventCountCondition(EventKind.THRESHOLD, "hop_latency", count, Duration.ofSeconds(10)),
				AlertSelector.ANY, Duration.ZERO, Duration.ofMinutes(5), Map.of(), Map.of(), true);
	}

	static AlertRule levelRule(String id, Duration forDuration, AlertSelector selector) {
		return new AlertRule(id, "level high", AlertSeverity.WARNING,
				new LiveValueCondition("test.level", Comparison.ABOVE, 0.5), selector, forDuration,
				Duration.ofMinutes(1), Map.of("team", "netops"), Map.of("summary", "the level is high"), true);
	}

	static LiveValue series(String switchName, double value) {
		return new LiveValue(Map.of("switch", switchName), value);
	}

	static TelemetryEvent event(long switchId, EventKind kind, String metric) {
		return new TelemetryEvent(null, "test/" + System.nanoTime(), "test", Instant.parse("2026-11-27T10:00:00Z"),
				kind, metric, "s" + switchId + "/p3", 120, 100.0, switchId, null, 3L, null, List.of(), null);
	}

	private static String sha256Prefix(String text) throws IllegalStateException {
		try {
			byte[] digest = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
			return HexFormat.of().formatHex(digest).substring(0, 16);
		}
		catch (java.security.NoSuchAlgorithmException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
