package io.sonde.alerts.internal;

import java.time.Duration;
import java.util.Map;

import io.sonde.alerts.Alert;
import io.sonde.alerts.AlertNotification.Kind;
import io.sonde.alerts.AlertRule;
import io.sonde.alerts.AlertSelector;
import io.sonde.alerts.AlertSeverity;
import io.sonde.alerts.EventCountCondition;
import io.sonde.events.EventKind;
import io.sonde.testsupport.RedisServerProcess;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static io.sonde.alerts.internal.AlertEngineIntegrationTests.event;
import static io.sonde.alerts.internal.AlertEngineIntegrationTests.levelRule;
import static io.sonde.alerts.internal.AlertEngineIntegrationTests.series;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Rules and firing alerts live in Redis: a backend restart (a new engine) and a Redis
 * restart (its append-only file reloaded) neither fire an alert again nor forget it, and
 * its repeat keeps its schedule.
 */
class AlertStateRestartIntegrationTests {

	@TempDir
	java.nio.file.Path dataDir;

	@Test
	void aRestartNeitherFiresAFiringAlertAgainNorForgetsIt() {
		try (RedisServerProcess redis = RedisServerProcess.startAppendOnly(this.dataDir, "always");
				EngineHarness harness = new EngineHarness(redis.port(), AlertsProperties.defaults())) {
			harness.rules.create(levelRule("level-high", Duration.ZERO, AlertSelector.ANY), "alice", null);
			harness.set("test.level", series("leaf-1", 0.9));
			harness.engine.evaluate();
			assertThat(harness.kinds()).containsExactly(Kind.FIRING);
			Alert fired = harness.rules.firing().get(0);

			redis.stop();
			redis.restart();
			org.awaitility.Awaitility.await()
				.atMost(Duration.ofSeconds(30))
				.ignoreExceptions()
				.until(() -> harness.redis.hasKey("ready") != null);
			harness.restart();
			harness.clock.advance(Duration.ofSeconds(30));
			harness.engine.evaluate();

			assertThat(harness.kinds()).as("not fired again").containsExactly(Kind.FIRING);
			assertThat(harness.rules.rules()).extracting(AlertRule::id).containsExactly("level-high");
			assertThat(harness.rules.firing()).extracting(Alert::fingerprint, Alert::startsAt)
				.containsExactly(org.assertj.core.groups.Tuple.tuple(fired.fingerprint(), fired.startsAt()));
			harness.clock.advance(Duration.ofSeconds(30));
			harness.engine.evaluate();
			assertThat(harness.kinds()).as("repeat one interval after the firing, across the restart")
				.containsExactly(Kind.FIRING, Kind.REPEAT);
			harness.set("test.level", series("leaf-1", 0.0));
			harness.clock.advance(Duration.ofSeconds(1));
			harness.engine.evaluate();
			assertThat(harness.kinds()).containsExactly(Kind.FIRING, Kind.REPEAT, Kind.RESOLVED);
			assertThat(harness.rules.history(10)).extracting(Alert::fingerprint).containsExactly(fired.fingerprint());
		}
	}

	@Test
	void anEventAlertFiringBeforeARestartWaitsOneWindowForItsCountsBeforeResolving() {
		try (RedisServerProcess redis = RedisServerProcess.start();
				EngineHarness harness = new EngineHarness(redis.port(), AlertsProperties.defaults())) {
			harness.rules.create(
					new AlertRule("slow-hops", "slow hops", AlertSeverity.CRITICAL,
							new EventCountCondition(EventKind.THRESHOLD, null, 2, Duration.ofSeconds(20)),
							AlertSelector.ANY, Duration.ZERO, Duration.ofMinutes(5), Map.of(), Map.of(), true),
					"alice", null);
			harness.engine.evaluate();
			harness.counting.count(java.util.List.of(event(7, EventKind.THRESHOLD, "hop_latency"),
					event(7, EventKind.THRESHOLD, "hop_latency")), harness.clock.millis());
			harness.engine.evaluate();
			assertThat(harness.kinds()).containsExactly(Kind.FIRING);

			harness.restart();
			harness.clock.advance(Duration.ofSeconds(19));
			harness.engine.evaluate();
			assertThat(harness.kinds()).as("counts refill for a window after the start").containsExactly(Kind.FIRING);
			harness.clock.advance(Duration.ofSeconds(1));
			harness.engine.evaluate();

			assertThat(harness.kinds()).containsExactly(Kind.FIRING, Kind.RESOLVED);
		}
	}

}
