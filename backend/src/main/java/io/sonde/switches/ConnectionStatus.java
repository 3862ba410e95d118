package io.sonde.switches;

import java.time.Instant;
import java.util.Objects;

/**
 * The live state of Sonde's connection to one switch.
 *
 * @param state where the connection stands
 * @param since when it entered that state
 * @param electionId the election id Sonde uses now (it rises when Sonde takes over)
 * @param roundTripMicros the latest round trip of a P4Runtime call; -1 before the first
 * @param lastError the latest failure, kept after recovery; null if none
 * @param lastErrorAt when it was seen; null if none
 * @param pipelineCookie the cookie of the pipeline the switch runs; 0 if unknown
 * @param lastReconcile the latest reconciliation; null before the first
 * @param attempts connection attempts since the last success
 */
public record ConnectionStatus(ConnectionState state, Instant since, long electionId, long roundTripMicros,
		String lastError, Instant lastErrorAt, long pipelineCookie, ReconcileReport lastReconcile, int attempts) {

	public ConnectionStatus {
		Objects.requireNonNull(state, "state");
		Objects.requireNonNull(since, "since");
	}

	public boolean isPrimary() {
		return this.state == ConnectionState.PRIMARY;
	}

}
