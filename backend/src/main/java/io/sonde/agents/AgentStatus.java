package io.sonde.agents;

import java.time.Instant;
import java.util.Map;

/**
 * One NIC agent interface's counters hash
 * ({@code sonde:agent:<agent>:<ifname>:counters}).
 *
 * @param agent the agent's node id
 * @param ifname the interface it sits on
 * @param up whether it wrote its counters within {@code sonde.agents.live-within}
 * @param lastSeen when it last wrote them ({@code updated_ms}); null if it never said
 * @param counters every field as written
 */
public record AgentStatus(String agent, String ifname, boolean up, Instant lastSeen, Map<String, String> counters) {

	public AgentStatus {
		counters = Map.copyOf(counters);
	}

}
