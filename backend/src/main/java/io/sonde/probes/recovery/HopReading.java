package io.sonde.probes.recovery;

import java.time.Instant;

/**
 * A switch's telemetry as the session collected it.
 *
 * @param switchName the switch, by its position on the path
 * @param path the path it was read on
 * @param position its position on that path
 * @param telemetry what it inserted
 * @param sendId the send that carried it back
 * @param receivedAt when that send's packet arrived
 */
public record HopReading(String switchName, int path, int position, HopTelemetry telemetry, long sendId,
		Instant receivedAt) {
}
