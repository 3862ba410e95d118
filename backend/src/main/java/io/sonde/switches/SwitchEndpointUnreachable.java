package io.sonde.switches;

import java.time.Instant;

/**
 * A switch's P4Runtime endpoint stopped answering (or never answered since it was
 * tracked).
 *
 * @param switchName the switch
 * @param deviceId its P4Runtime device id
 * @param address its P4Runtime {@code host:port}
 * @param error why the probe failed
 * @param at when the probe ended
 */
public record SwitchEndpointUnreachable(String switchName, long deviceId, String address, String error, Instant at) {

}
