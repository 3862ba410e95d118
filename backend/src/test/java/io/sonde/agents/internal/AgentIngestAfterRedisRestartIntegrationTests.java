package io.sonde.agents.internal;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import io.lettuce.core.RedisClient;
import io.lettuce.core.api.sync.RedisCommands;
import io.sonde.agents.AgentStreamsFixture;
import io.sonde.events.EventLog;
import io.sonde.events.EventPage;
import io.sonde.events.EventQuery;
import io.sonde.events.OrderedAppends;
import io.sonde.events.TelemetryEvent;
import io.sonde.store.MetricPoint;
import io.sonde.store.RedisClients;
import io.sonde.store.Sample;
import io.sonde.store.SeriesQuery;
import io.sonde.store.TimeSeriesStore;
import io.sonde.testsupport.RedisServerProcess;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.boot.actuate.health.Health;
import org.springframework.boot.actuate.health.Status;
import org.springframework.boot.autoconfigure.data.redis.RedisProperties;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The agents' ingest on a redis-server of the test's own, restarted without its data
 * while the ingest runs: every consumer finds its group gone, makes it again, and reads
 * what the agent published to the emptied Redis, with no step by hand. The {@code agents}
 * health component is DOWN while Redis is away, naming the stream, and UP once it reads
 * again. The stores are stand-ins that keep what they were given.
 */
class AgentIngestAfterRedisRestartIntegrationTests {

	@RegisterExtension
	static final RedisServerProcess redis = RedisServerProcess.start();

	private final List<TelemetryEvent> appended = new CopyOnWriteArrayList<>();

	private final List<String> rows = new CopyOnWriteArrayList<>();

	@Test
	void readsEveryStreamAgainAfterRedisComesBackEmpty() {
		RedisProperties properties = new RedisProperties();
		properties.setHost("127.0.0.1");
		properties.setPort(redis.port());
		RedisClient client = RedisClients.closingOnDisconnect(properties);
		AgentsProperties agents = new AgentsProperties(true, AgentStreamsFixture.EVENTS, AgentStreamsFixture.FLOWS,
				AgentStreamsFixture.HISTOGRAMS, "backend", "", 64, Duration.ofMillis(200), Duration.ofSeconds(60),
				Duration.ofSeconds(10), Duration.ofMinutes(10), 2000, 0, java.util.Set.of(), Duration.ofSeconds(5), 2);
		AgentStreamsIngest ingest = new AgentStreamsIngest(client, new CapturingEventLog(),
				new StoredAgentFlows(new CapturingStore(), (sql, parameters) -> List.of()), agents, "restart-test",
				Clock.systemUTC());
		AgentStreamsFixture fixture = new AgentStreamsFixture("restart-agent", "eth0", 7);
		RedisClient agent = RedisClient.create("redis://127.0.0.1:" + redis.port());
		try {
			RedisCommands<String, String> before = agent.connect().sync();
			createGroups(before);
			ingest.start();
			publish(before, fixture, 1);
			await().atMost(Duration.ofSeconds(20)).until(() -> this.appended.size() == 1 && this.rows.size() == 2);

			AgentsHealthIndicator component = new AgentsHealthIndicator(ingest);
			assertThat(component.health().getStatus()).isEqualTo(Status.UP);
			redis.stop();
			await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> {
				Health health = component.health();
				assertThat(health.getStatus()).isEqualTo(Status.DOWN);
				assertThat(health.getDetails().get("reason").toString()).contains("reading sonde:stream:agent-");
			});
			redis.restart();
			publish(agent.connect().sync(), fixture, 2);

			await().atMost(Duration.ofSeconds(30)).until(() -> this.appended.size() == 2 && this.rows.size() == 4);
			assertThat(this.appended).extracting(TelemetryEvent::origin)
				.containsExactly("nic_agent/restart-agent/eth0/7/1", "nic_agent/restart-agent/eth0/7/2");
			await().atMost(Duration.ofSeconds(10)).until(() -> ingest.health().stream().noneMatch((h) -> h.failing()));
			assertThat(component.health().getStatus()).isEqualTo(Status.UP);
		}
		finally {
			ingest.stop();
			client.shutdown();
			agent.shutdown();
		}
	}

	private static void createGroups(RedisCommands<String, String> commands) {
		for (String stream : List.of(AgentStreamsFixture.EVENTS, AgentStreamsFixture.FLOWS,
				AgentStreamsFixture.HISTOGRAMS)) {
			commands.xgroupCreate(io.lettuce.core.XReadArgs.StreamOffset.from(stream, "$"), "backend",
					io.lettuce.core.XGroupCreateArgs.Builder.mkstream());
		}
	}

	private static void publish(RedisCommands<String, String> commands, AgentStreamsFixture fixture, long seq) {
		long ts = System.currentTimeMillis() * 1_000_000L;
		commands.xadd(AgentStreamsFixture.EVENTS,
				fixture.batch("events", List.of(AgentStreamsFixture.hopLatencyEvent(seq, ts, 9000, true))));
		commands.xadd(AgentStreamsFixture.FLOWS,
				fixture.batch("records", List.of(AgentStreamsFixture.flowRecord(seq, "10.0.0.2", 5000, ts, 100))));
		commands.xadd(AgentStreamsFixture.HISTOGRAMS, fixture.histogram(7, "hop_latency", ts, List.of(1L, 2L)));
	}

	private final class CapturingEventLog implements EventLog {

		@Override
		public List<TelemetryEvent> append(List<TelemetryEvent> events) {
			AgentIngestAfterRedisRestartIntegrationTests.this.appended.addAll(events);
			return events;
		}

		@Override
		public OrderedAppends ordered() {
			throw new UnsupportedOperationException();
		}

		@Override
		public EventPage query(EventQuery query, String cursor, int limit) {
			throw new UnsupportedOperationException();
		}

	}

	private final class CapturingStore implements TimeSeriesStore {

		@Override
		public void write(List<MetricPoint> points) {
			throw new UnsupportedOperationException();
		}

		@Override
		public void writeLineProtocol(String lines) {
			for (String line : lines.split("\n")) {
				AgentIngestAfterRedisRestartIntegrationTests.this.rows.add(line);
			}
		}

		@Override
		public List<Sample> read(SeriesQuery query) {
			throw new UnsupportedOperationException();
		}

		@Override
		public String describe() {
			return "capturing";
		}

	}

}
