package io.sonde.switches.web;

import java.time.Instant;

import io.sonde.switches.Reachability;
import io.sonde.switches.SwitchEndpointStatus;

/**
 * One switch's P4Runtime endpoint as the API shows it; the round trip in milliseconds, so
 * scripts need no ISO-8601 duration parser.
 *
 * @param name the switch
 * @param role its role in the topology
 * @param deviceId its P4Runtime device id
 * @param address {@code host:port} of its P4Runtime server
 * @param state NOT_CHECKED, REACHABLE or UNREACHABLE
 * @param apiVersion the P4Runtime API version it reported; null unless reachable
 * @param roundTripMillis the Capabilities round trip; null unless reachable
 * @param lastError the latest failure, kept after recovery; null if none
 * @param lastErrorAt when that failure was seen
 * @param lastCheckedAt when the latest probe ended; null before the first
 * @param stateSince when the state last changed
 */
public record EndpointResponse(String name, String role, long deviceId, String address, Reachability state,
		String apiVersion, Double roundTripMillis, String lastError, Instant lastErrorAt, Instant lastCheckedAt,
		Instant stateSince) {

	static EndpointResponse of(SwitchEndpointStatus status) {
		Double millis = (status.roundTrip() != null) ? status.roundTrip().toNanos() / 1_000_000.0 : null;
		return new EndpointResponse(status.name(), status.role(), status.deviceId(), status.address(), status.state(),
				status.apiVersion(), millis, status.lastError(), status.lastErrorAt(), status.lastCheckedAt(),
				status.stateSince());
	}

}
