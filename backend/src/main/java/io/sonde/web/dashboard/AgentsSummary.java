package io.sonde.web.dashboard;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import io.sonde.agents.AgentFleet;
import io.sonde.agents.AgentStatus;

/**
 * The Overview's NIC agents, as JSON for pipeline.js: each agent interface with its
 * liveness and counters, listed like the collectors.
 *
 * @param agents null when nothing lists them in this service
 * @param unavailable why they could not be read now (Redis down, ...); null when they
 * were
 */
public record AgentsSummary(List<Agent> agents, String unavailable) {

	/**
	 * @param fleet null when no bean of it exists in this service
	 */
	static AgentsSummary of(AgentFleet fleet) {
		if (fleet == null) {
			return new AgentsSummary(null, null);
		}
		try {
			return new AgentsSummary(fleet.agents().stream().map(Agent::of).toList(), null);
		}
		catch (RuntimeException ex) {
			// As the pipeline card: the Overview renders without them and says why.
			return new AgentsSummary(null, ex.getMessage());
		}
	}

	/**
	 * @param name {@code agent/ifname}
	 * @param up whether it wrote its counters within {@code sonde.agents.live-within}
	 * @param lastSeen when it last wrote them; null if it never said
	 * @param counters its counters hash as written
	 */
	public record Agent(String name, boolean up, Instant lastSeen, Map<String, String> counters) {

		static Agent of(AgentStatus status) {
			return new Agent(status.agent() + "/" + status.ifname(), status.up(), status.lastSeen(), status.counters());
		}

	}

}
