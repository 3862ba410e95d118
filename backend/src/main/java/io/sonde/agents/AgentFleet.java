package io.sonde.agents;

import java.util.List;

/** Every NIC agent that wrote a counters hash, with its liveness. */
public interface AgentFleet {

	/** By agent, then interface. */
	List<AgentStatus> agents();

}
