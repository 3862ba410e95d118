package io.sonde.switches;

import java.time.Duration;
import java.time.Instant;

/**
 * A switch's P4Runtime endpoint answered after being unreachable or not yet checked.
 *
 * @param switchName the switch
 * @param deviceId its P4Runtime device id
 * @param address its P4Runtime {@code host:port}
 * @param apiVersion the P4Runtime API version it reported
 * @param roundTrip the Capabilities round trip
 * @param at when the probe ended
 */
public record SwitchEndpointReachable(String switchName, long deviceId, String address, String apiVersion,
		Duration roundTrip, Instant at) {

}
