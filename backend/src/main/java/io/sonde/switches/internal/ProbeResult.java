package io.sonde.switches.internal;

import java.time.Duration;
import java.time.Instant;

/**
 * What one probe of a switch's P4Runtime endpoint found.
 *
 * @param reachable whether the Capabilities call succeeded
 * @param apiVersion the version the switch reported; null if unreachable
 * @param roundTrip how long the call took; null if unreachable
 * @param error why it failed; null if reachable
 * @param checkedAt when the probe ended
 */
record ProbeResult(boolean reachable, String apiVersion, Duration roundTrip, String error, Instant checkedAt) {

	static ProbeResult reached(String apiVersion, Duration roundTrip, Instant checkedAt) {
		return new ProbeResult(true, apiVersion, roundTrip, null, checkedAt);
	}

	static ProbeResult failed(String error, Instant checkedAt) {
		return new ProbeResult(false, null, null, error, checkedAt);
	}

}
