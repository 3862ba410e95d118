package io.sonde.switches;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * What Sonde knows about one switch's P4Runtime endpoint.
 *
 * @param name the switch's name in the topology
 * @param role its role in the topology ({@code core}, {@code edge}, ...)
 * @param deviceId its P4Runtime device id
 * @param address {@code host:port} of its P4Runtime server
 * @param state what the latest probe found
 * @param apiVersion the P4Runtime API version it reported; null unless reachable
 * @param roundTrip how long its Capabilities call took on an established connection; null
 * unless reachable
 * @param lastError the latest failure, kept after the switch recovers; null if none
 * @param lastErrorAt when that failure was seen; null if none
 * @param lastCheckedAt when the latest probe ended; null before the first
 * @param stateSince when the state last changed (or tracking began)
 */
public record SwitchEndpointStatus(String name, String role, long deviceId, String address, Reachability state,
		String apiVersion, Duration roundTrip, String lastError, Instant lastErrorAt, Instant lastCheckedAt,
		Instant stateSince) {

	public SwitchEndpointStatus {
		Objects.requireNonNull(name, "name");
		Objects.requireNonNull(address, "address");
		Objects.requireNonNull(state, "state");
		Objects.requireNonNull(stateSince, "stateSince");
	}

}
