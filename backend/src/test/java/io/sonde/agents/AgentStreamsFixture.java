package io.sonde.agents;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.springframework.data.redis.connection.stream.MapRecord;
import org.springframework.data.redis.core.StringRedisTemplate;

import static org.awaitility.Awaitility.await;

/**
 * Stream entries and counters hashes as a NIC agent writes them (agent/REDIS_CONTRACT.md,
 * version 1), for one agent and interface.
 */
public final class AgentStreamsFixture {

	public static final String EVENTS = "sonde:stream:agent-events";

	public static final String FLOWS = "sonde:stream:flow-records";

	public static final String HISTOGRAMS = "sonde:stream:agent-histograms";

	private final String agent;

	private final String ifname;

	private final long run;

	public AgentStreamsFixture(String agent, String ifname, long run) {
		this.agent = agent;
		this.ifname = ifname;
		this.run = run;
	}

	/** Waits until the three streams have their group (migrations ran). */
	public static void awaitGroups(StringRedisTemplate redis) {
		await().atMost(Duration.ofSeconds(30))
			.until(() -> List.of(EVENTS, FLOWS, HISTOGRAMS)
				.stream()
				.allMatch((stream) -> Boolean.TRUE.equals(redis.hasKey(stream)) && redis.opsForStream()
					.groups(stream)
					.stream()
					.anyMatch((group) -> group.groupName().equals("backend"))));
	}

	public Map<String, String> origin() {
		Map<String, String> fields = new LinkedHashMap<>();
		fields.put("v", "1");
		fields.put("agent", this.agent);
		fields.put("ifname", this.ifname);
		fields.put("run", Long.toString(this.run));
		return fields;
	}

	/** A hop latency event of switch 7 on the flow 10.0.0.2:5000 > 10.1.0.3:6000 UDP. */
	public static String hopLatencyEvent(long seq, long tsNs, long value, boolean threshold) {
		return "seq=" + seq + " kind=" + (threshold ? "threshold" : "changed") + " types="
				+ (threshold ? "threshold" : "change") + " metric=hop_latency ts_ns=" + tsNs
				+ " src_ip=10.0.0.2 dst_ip=10.1.0.3 src_port=5000 dst_port=6000 protocol=17 switch_id=7 hop=1"
				+ " path_id=99 value=" + value + " previous=10";
	}

	/**
	 * A flow record of three hops (switches 1, 7, 3); hop 1 has the highest average
	 * latency.
	 */
	public static String flowRecord(long seq, String srcIp, int srcPort, long lastNs, long e2e) {
		return flowRecord(seq, srcIp, srcPort, "10.1.0.3", lastNs, e2e);
	}

	/** A flow record to dstIp:6000 over UDP, three hops (switches 1, 7, 3). */
	public static String flowRecord(long seq, String srcIp, int srcPort, String dstIp, long lastNs, long e2e) {
		return "seq=" + seq + " reason=active src_ip=" + srcIp + " dst_ip=" + dstIp + " src_port=" + srcPort
				+ " dst_port=6000 protocol=17 packets=42 first_ns=" + (lastNs - 1_000_000_000L) + " last_ns=" + lastNs
				+ " path_id=1234 path=1,7,3 e2e_latency=" + e2e + " e2e_latency_avg=" + (e2e - 5)
				+ " h0_switch=1 h0_latency=10 h0_latency_avg=11 h0_queue=3 h0_queue_avg=4 h0_util=100 h0_util_avg=90"
				+ " h1_switch=7 h1_latency=50 h1_latency_avg=55 h1_queue=30 h1_queue_avg=31 h1_util=200 h1_util_avg=180"
				+ " h2_switch=3 h2_latency=" + (e2e - 60) + " h2_latency_avg=20 h2_queue=1 h2_queue_avg=1 h2_util=5"
				+ " h2_util_avg=5";
	}

	public Map<String, String> batch(String field, List<String> lines) {
		Map<String, String> fields = origin();
		fields.put("count", Integer.toString(lines.size()));
		fields.put(field, String.join("\n", lines));
		return fields;
	}

	public Map<String, String> histogram(long switchId, String metric, long tsNs, List<Long> bins) {
		Map<String, String> fields = origin();
		fields.put("switch_id", Long.toString(switchId));
		fields.put("metric", metric);
		fields.put("bin_width", "1000");
		List<String> counts = new ArrayList<>();
		bins.forEach((bin) -> counts.add(Long.toString(bin)));
		fields.put("bins", String.join(",", counts));
		fields.put("ts_ns", Long.toString(tsNs));
		return fields;
	}

	/** The counters hash, updated now, with the thresholds the agent has in force. */
	public void writeCounters(StringRedisTemplate redis, long nowMs, Map<String, String> thresholdsInForce) {
		Map<String, String> counters = new LinkedHashMap<>(origin());
		counters.put("packets", "1000");
		counters.put("events", "10");
		counters.put("started_ms", Long.toString(this.run));
		counters.put("updated_ms", Long.toString(nowMs));
		counters.putAll(thresholdsInForce);
		redis.opsForHash().putAll("sonde:agent:" + this.agent + ":" + this.ifname + ":counters", counters);
	}

	public static void xadd(StringRedisTemplate redis, String stream, Map<String, String> fields) {
		redis.opsForStream().add(MapRecord.create(stream, fields));
	}

}
