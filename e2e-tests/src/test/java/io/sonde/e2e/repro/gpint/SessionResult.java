package io.sonde.e2e.repro.gpint;

/**
 * One telemetry collection session as the monitoring module saw it (§V-B2 and §V-B3).
 *
 * @param method how it collected
 * @param latencySeconds from the first probe (or request) sent to the last one received
 * with telemetry; a session that received nothing counts the time until it gave up
 * @param initialProbes |P|: probes (or polling requests) the plan sends once, the
 * planner's paths split into probes of at most the switches' hop bound
 * @param probesSent every probe sent, re-sends included
 * @param probesLost probes sent that never came back with telemetry, neither completed
 * nor as a recovery notification
 * @param recoveryProbes |P_R|: probes sent beyond each path's first, to recover
 * @param complete whether telemetry of every switch of the plan arrived
 */
record SessionResult(Method method, double latencySeconds, int initialProbes, int probesSent, int probesLost,
		int recoveryProbes, boolean complete) {

	SessionResult {
		if (initialProbes < 1 || probesSent < 0 || probesLost < 0 || probesLost > probesSent || recoveryProbes < 0
				|| recoveryProbes > probesSent || !(latencySeconds >= 0)) {
			throw new IllegalArgumentException("inconsistent session: " + initialProbes + " initial, " + probesSent
					+ " sent, " + probesLost + " lost, " + recoveryProbes + " recovery, " + latencySeconds + " s");
		}
	}

	/** Lost over sent, %. */
	double failedProbesPercent() {
		return 100.0 * this.probesLost / this.probesSent;
	}

	/** 100 |P_R| / |P|. */
	double recoveryProbesPercent() {
		return 100.0 * this.recoveryProbes / this.initialProbes;
	}

}
