package io.sonde.switches;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The P4Runtime endpoints of the topology's switches and whether they answer.
 */
public interface SwitchEndpoints {

	/** Every switch of the current topology, in topology order. */
	List<SwitchEndpointStatus> all();

	Optional<SwitchEndpointStatus> named(String switchName);

	/** How often each endpoint is probed. */
	Duration probeInterval();

}
