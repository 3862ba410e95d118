package io.sonde.labeling.internal;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

import io.sonde.events.EventLog;
import io.sonde.events.EventPage;
import io.sonde.events.EventQuery;
import io.sonde.events.OrderedAppends;
import io.sonde.events.TelemetryEvent;
import io.sonde.labeling.LabelShiftChanged;
import io.sonde.labeling.LabelStatesUpdated;
import io.sonde.labeling.LabelingMode;
import io.sonde.labeling.LabelingParameters;
import io.sonde.labeling.PortKey;
import io.sonde.labeling.PortLabelState;
import io.sonde.labeling.ProbabilityFunction;
import io.sonde.switches.DesiredStateChanged;
import io.sonde.testsupport.RedisServerProcess;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.data.redis.RedisProperties;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The adaptive loop against a real redis-server: a port that is not updated goes stale
 * (its aging key expires) and S rises, each change asking for its switch's
 * reconciliation, published and logged; a loop started afresh on the same Redis (a
 * backend restart) starts from the stored S, brings it down to 0 once the port is updated
 * again and stores the S it ends with; a switch that is not PRO is never judged.
 */
class AdaptiveLoopRestartIntegrationTests {

	private static final LabelingParameters PRO = new LabelingParameters(LabelingMode.PRO, 50, 0, 2,
			ProbabilityFunction.F1, 5, 100);

	private static final Duration DEADLINE = Duration.ofSeconds(30);

	private final List<Object> published = new CopyOnWriteArrayList<>();

	private final List<TelemetryEvent> logged = new CopyOnWriteArrayList<>();

	@Test
	void keepsSAcrossARestartAndBringsItDownOnceThePortIsUpdatedAgain() throws Exception {
		PortKey port = new PortKey("leaf-1", 3);
		PortKey notPro = new PortKey("leaf-2", 1);
		try (RedisServerProcess redis = RedisServerProcess.start()) {
			LettuceConnectionFactory factory = new LettuceConnectionFactory(
					new RedisStandaloneConfiguration("127.0.0.1", redis.port()));
			factory.afterPropertiesSet();
			factory.start();
			try {
				LabelStateStore store = new LabelStateStore(new StringRedisTemplate(factory));
				// both ports were updated once, long enough ago to be stale at once
				store.apply(List.of(pending(port, 1), pending(notPro, 1)));

				AdaptiveLoop first = loop(store, redis);
				first.start();
				await().atMost(DEADLINE).untilAsserted(() -> assertThat(first.shifts().get(port)).isGreaterThan(1));
				first.stop();
				int stored = first.shifts().get(port);
				assertThat(first.shifts()).doesNotContainKey(notPro);
				assertThat(this.published).filteredOn(DesiredStateChanged.class::isInstance)
					.extracting((event) -> ((DesiredStateChanged) event).switchNames())
					.allSatisfy((names) -> assertThat(names).containsExactly("leaf-1"));
				assertThat(this.published).filteredOn(LabelShiftChanged.class::isInstance)
					.extracting((event) -> ((LabelShiftChanged) event).why())
					.allSatisfy((why) -> assertThat(why).startsWith("stale"));
				await().atMost(DEADLINE)
					.untilAsserted(() -> assertThat(this.logged).extracting(TelemetryEvent::metric)
						.contains(AdaptiveLoop.SHIFT_METRIC));

				AdaptiveLoop restarted = loop(store, redis);
				restarted.start();
				await().atMost(DEADLINE)
					.untilAsserted(() -> assertThat(restarted.shifts().get(port)).isGreaterThanOrEqualTo(stored));
				await().atMost(DEADLINE).pollInterval(Duration.ofMillis(20)).untilAsserted(() -> {
					restarted.applied(new LabelStatesUpdated(List.of(state(port)), Instant.now()));
					assertThat(restarted.shifts().get(port)).isZero();
				});
				assertThat(this.published).filteredOn(LabelShiftChanged.class::isInstance)
					.extracting((event) -> ((LabelShiftChanged) event).why())
					.anySatisfy((why) -> assertThat(why).startsWith("recovered"));
				restarted.stop();
				// the port, not updated since, may have gone stale again before the
				// stop: what Redis holds is whatever S the loop last reached, so the
				// next start resumes it
				assertThat(store.shifts().get(port)[0]).isEqualTo(restarted.shifts().get(port).longValue());
			}
			finally {
				factory.destroy();
			}
		}
	}

	private AdaptiveLoop loop(LabelStateStore store, RedisServerProcess redis) {
		RedisProperties properties = new RedisProperties();
		properties.setPort(redis.port());
		return new AdaptiveLoop(store,
				(name) -> name.equals("leaf-1") ? Optional.of(PRO)
						: Optional.of(new LabelingParameters(LabelingMode.B, 50, 0, 2, ProbabilityFunction.F1, 5, 100)),
				this.published::add, new RecordingEventLog(this.logged), Clock.systemUTC(), 15,
				(expired) -> new ExpiryNotifications(properties, expired));
	}

	private static LabelStateStore.PendingItem pending(PortKey port, long labelTime) {
		return new LabelStateStore.PendingItem(port, 1, 7, labelTime, 3, 0, 0,
				Instant.now().minusSeconds(60).toEpochMilli(), 100);
	}

	private static PortLabelState state(PortKey port) {
		return new PortLabelState(port, 7, System.nanoTime(), 3, 0, 0, Instant.now());
	}

	/** The event log's appends, kept; queries are not what this test reads. */
	private record RecordingEventLog(List<TelemetryEvent> appended) implements EventLog {

		@Override
		public List<TelemetryEvent> append(List<TelemetryEvent> events) {
			this.appended.addAll(events);
			return events;
		}

		/** Places in call order: this test appends from one thread. */
		@Override
		public OrderedAppends ordered() {
			return () -> new OrderedAppends.Place() {

				@Override
				public List<TelemetryEvent> append(List<TelemetryEvent> events) {
					return RecordingEventLog.this.append(events);
				}

				@Override
				public void close() {
				}

			};
		}

		@Override
		public EventPage query(EventQuery query, String cursor, int limit) {
			throw new UnsupportedOperationException("not read by this test");
		}

	}

}
