package io.sonde.switches;

import java.time.Instant;
import java.util.Objects;

/**
 * The live state of Sonde's connection to one switch.
 *
 * @param state where the connection stands
 * @param since when it entered that state
 * @param electionId the election id Sonde uses now (it rises when Sonde takes over); 0
 * for an observer
 * @param roundTripMicros the latest round trip of a P4Runtime Capabilities call; -1
 * before the first and while the switch does not answer
 * @param lastError the latest failure, kept after recovery; null if none
 * @param lastErrorAt when it was seen; null if none
 * @param pipelineCookie the cookie of the pipeline the switch runs; 0 if unknown
 * @param lastReconcile the latest reconciliation; null before the first
 * @param attempts connection attempts since the last success
 * @param apiVersion the P4Runtime API version the switch reported; null while it does not
 * answer
 */
public record ConnectionStatus(ConnectionState state, Instant since, long electionId, long roundTripMicros,
		String lastError, Instant lastErrorAt, long pipelineCookie, ReconcileReport lastReconcile, int attempts,
		String apiVersion) {

	public ConnectionStatus {
		Objects.requireNonNull(state, "state");
		Objects.requireNonNull(since, "since");
	}

	/** A status before the switch reported its API version. */
	public ConnectionStatus(ConnectionState state, Instant since, long electionId, long roundTripMicros,
			String lastError, Instant lastErrorAt, long pipelineCookie, ReconcileReport lastReconcile, int attempts) {
		this(state, since, electionId, roundTripMicros, lastError, lastErrorAt, pipelineCookie, lastReconcile, attempts,
				null);
	}

	public boolean isPrimary() {
		return this.state == ConnectionState.PRIMARY;
	}

	/** Whether the switch answers: primary, backup or observer. */
	public boolean isReachable() {
		return this.state.reachable();
	}

}
