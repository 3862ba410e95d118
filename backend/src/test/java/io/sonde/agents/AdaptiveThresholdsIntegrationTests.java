package io.sonde.agents;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import com.fasterxml.jackson.databind.JsonNode;
import io.lettuce.core.RedisClient;
import io.lettuce.core.pubsub.RedisPubSubAdapter;
import io.lettuce.core.pubsub.StatefulRedisPubSubConnection;
import io.sonde.store.questdb.TimeSeriesSql;
import io.sonde.testsupport.RedisServerProcess;
import io.sonde.testsupport.SharedApiContext;
import io.sonde.topology.ApiCaller;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.data.redis.core.StringRedisTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The adaptive loop holding an agent to its event-rate budget (the default, 2000 events a
 * second, measured every 5 s): an agent sending several times that gets every unpinned
 * threshold raised, written to its hash and published on its channel; once it sends a
 * fraction of it they come back down to their floors; the pinned one never moves; every
 * change is an event of the agent.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class AdaptiveThresholdsIntegrationTests extends SharedApiContext {

	private static final int EVENTS_PER_ENTRY = 500;

	@Autowired
	StringRedisTemplate redisTemplate;

	@Autowired
	TimeSeriesSql sql;

	@Autowired
	RedisServerProcess redis;

	@Test
	void raisesUnpinnedThresholdsAboveTheBudgetAndLowersThemToTheirFloorsWhenThereIsRoom() throws Exception {
		String agent = "adaptive-agent-" + System.nanoTime();
		AgentStreamsFixture fixture = new AgentStreamsFixture(agent, "eth0", 1_764_000_000_000L);
		AgentStreamsFixture.awaitGroups(this.redisTemplate);
		fixture.writeCounters(this.redisTemplate, System.currentTimeMillis(), Map.of("threshold_hop_latency_threshold",
				"5000", "threshold_hop_latency_change", "0", "threshold_flow_latency_threshold", "20000"));
		ApiCaller api = new ApiCaller(this.port);
		String thresholds = "/api/v1/agents/" + agent + "/thresholds";
		assertThat(api.putJson(thresholds + "/flow_latency.threshold", "{\"pinned\": true}", ApiCaller.OPERATOR_TOKEN)
			.statusCode()).isEqualTo(200);

		String channel = "sonde:agent:" + agent + ":eth0:thresholds";
		BlockingQueue<String> published = new LinkedBlockingQueue<>();
		RedisClient client = RedisClient.create("redis://127.0.0.1:" + this.redis.port());
		try (StatefulRedisPubSubConnection<String, String> subscription = client.connectPubSub()) {
			subscription.addListener(new RedisPubSubAdapter<>() {
				@Override
				public void message(String from, String message) {
					published.add(message);
				}
			});
			subscription.sync().subscribe(channel);

			AtomicLong seq = new AtomicLong();
			AtomicBoolean sending = new AtomicBoolean(true);
			Thread agentSending = new Thread(() -> send(fixture, seq, EVENTS_PER_ENTRY, sending), "agent-sending");
			agentSending.start();
			try {
				await().atMost(Duration.ofSeconds(60))
					.until(() -> value(api, thresholds, "hop_latency.threshold") > 5000);
			}
			finally {
				sending.set(false);
				agentSending.join();
			}
			JsonNode raised = json(api, thresholds);
			assertThat(raised.get("hop_latency.change").get("value").asLong()).isPositive();
			assertThat(raised.get("hop_latency.threshold").get("lastChange").get("by").asText())
				.isEqualTo("sonde adaptive");
			assertThat(this.redisTemplate.opsForHash().get(channel, "hop_latency.threshold"))
				.isEqualTo(raised.get("hop_latency.threshold").get("value").asText());
			String message = published.poll(10, java.util.concurrent.TimeUnit.SECONDS);
			assertThat(message).contains("hop_latency.threshold=").contains("hop_latency.change=");
			assertThat(message).doesNotContain("flow_latency.threshold");

			// A trickle, a twentieth of the budget: room to lower.
			AtomicBoolean trickling = new AtomicBoolean(true);
			Thread agentTrickling = new Thread(() -> send(fixture, seq, 5, trickling), "agent-trickling");
			agentTrickling.start();
			try {
				await().atMost(Duration.ofSeconds(90))
					.until(() -> value(api, thresholds, "hop_latency.threshold") == 5000
							&& value(api, thresholds, "hop_latency.change") == 0);
			}
			finally {
				trickling.set(false);
				agentTrickling.join();
			}
			assertThat(this.redisTemplate.opsForHash().get(channel, "hop_latency.threshold")).isEqualTo("5000");
			JsonNode pinned = json(api, thresholds).get("flow_latency.threshold");
			assertThat(pinned.get("value").asLong()).isEqualTo(20000);
			assertThat(pinned.get("pinned").asBoolean()).isTrue();
			assertThat(pinned.get("lastChange").isNull()).isTrue();
		}
		finally {
			client.shutdown();
		}

		List<Map<String, Object>> changes = this.sql
			.select("SELECT metric, value, previous FROM events WHERE source = ? ORDER BY ts", "nic_agent:" + agent);
		assertThat(changes).extracting((row) -> row.get("metric"))
			.contains("agent_threshold.hop_latency.threshold", "agent_threshold.hop_latency.change")
			.doesNotContain("agent_threshold.flow_latency.threshold");
		assertThat(changes.stream()
			.filter((row) -> row.get("metric").equals("agent_threshold.hop_latency.threshold"))
			.findFirst()
			.orElseThrow()).containsEntry("previous", 5000.0);
	}

	/** An entry of {@code perEntry} events about every 50 ms, until told to stop. */
	private void send(AgentStreamsFixture fixture, AtomicLong seq, int perEntry, AtomicBoolean sending) {
		while (sending.get()) {
			long ts = System.currentTimeMillis() * 1_000_000L;
			List<String> lines = new ArrayList<>(perEntry);
			for (int i = 0; i < perEntry; i++) {
				lines.add(AgentStreamsFixture.hopLatencyEvent(seq.incrementAndGet(), ts + i, 9000, true));
			}
			AgentStreamsFixture.xadd(this.redisTemplate, AgentStreamsFixture.EVENTS, fixture.batch("events", lines));
			try {
				Thread.sleep(50);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				return;
			}
		}
	}

	private static long value(ApiCaller api, String path, String threshold) {
		return json(api, path).get(threshold).get("value").asLong();
	}

	private static JsonNode json(ApiCaller api, String path) {
		return ApiCaller.json(api.get(path, ApiCaller.VIEWER_TOKEN));
	}

}
