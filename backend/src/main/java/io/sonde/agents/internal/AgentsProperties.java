package io.sonde.agents.internal;

import java.time.Duration;
import java.util.Set;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code sonde.agents.*}: the NIC agents (xdp-collector/agent/REDIS_CONTRACT.md).
 *
 * @param ingest whether this backend consumes the agents' streams
 * @param eventsStream the agents' events
 * @param flowsStream their flow records
 * @param histogramsStream their histograms
 * @param group the consumer group of the three (db-migrations/redis)
 * @param consumer this replica's consumer name; empty: host name and pid
 * @param batch entries per read
 * @param block how long one read waits
 * @param claimIdle entries pending this long on another consumer are taken over
 * @param liveWithin an agent that wrote its counters within this long is up
 * @param flowsWindow {@code GET /flows} without {@code since} looks back this far
 * @param eventBudget events a second an agent may send; above it the adaptive loop raises
 * its unpinned thresholds, below half of it lowers them towards their floors; 0 turns the
 * loop off for agents
 * @param collectorEventBudget the same for each collector's events and T(m); 0 (the
 * default) leaves T(m) to operators
 * @param collectorPinned T(m) metrics the loop never changes
 * @param adaptInterval how often the loop measures and decides
 * @param adaptFactor a raise multiplies by it, a lowering divides by it
 */
@ConfigurationProperties("sonde.agents")
public record AgentsProperties(@DefaultValue("true") boolean ingest,
		@DefaultValue("sonde:stream:agent-events") String eventsStream,
		@DefaultValue("sonde:stream:flow-records") String flowsStream,
		@DefaultValue("sonde:stream:agent-histograms") String histogramsStream, @DefaultValue("backend") String group,
		@DefaultValue("") String consumer, @DefaultValue("64") int batch, @DefaultValue("1s") Duration block,
		@DefaultValue("60s") Duration claimIdle, @DefaultValue("10s") Duration liveWithin,
		@DefaultValue("10m") Duration flowsWindow, @DefaultValue("2000") double eventBudget,
		@DefaultValue("0") double collectorEventBudget, @DefaultValue Set<String> collectorPinned,
		@DefaultValue("5s") Duration adaptInterval, @DefaultValue("2") double adaptFactor) {

	static final String COUNTERS_PREFIX = "sonde:agent:";

	static String countersKey(String agent, String ifname) {
		return COUNTERS_PREFIX + agent + ":" + ifname + ":counters";
	}

	static String thresholdsKey(String agent, String ifname) {
		return COUNTERS_PREFIX + agent + ":" + ifname + ":thresholds";
	}

	/**
	 * The agents whose thresholds the backend keeps: one fixed key, so that the state of
	 * record can tell when Redis lost them.
	 */
	static final String THRESHOLD_OWNERS = "sonde:agents:with-thresholds";

	/** Where the backend keeps an agent's thresholds, pins and floors. */
	static String stateKey(String agent) {
		return "sonde:agents:" + agent + ":thresholds";
	}

}
