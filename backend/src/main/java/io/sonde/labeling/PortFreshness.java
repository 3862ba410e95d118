package io.sonde.labeling;

import java.time.Instant;
import java.util.Map;
import java.util.Objects;

/**
 * When each telemetry source last saw a port.
 *
 * @param port the switch and egress port
 * @param lastSeen per source that saw it, when it last did
 */
public record PortFreshness(PortKey port, Map<TelemetrySource, Instant> lastSeen) {

	public PortFreshness {
		Objects.requireNonNull(port, "port");
		lastSeen = Map.copyOf(lastSeen);
	}

}
