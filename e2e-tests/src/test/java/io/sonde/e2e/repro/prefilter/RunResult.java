package io.sonde.e2e.repro.prefilter;

/**
 * What one emulation of one filter setting counted.
 *
 * @param setting the sink's pre-filter
 * @param seconds emulated seconds the flow sent for (reports per second are per these)
 * @param sent packets the source host sent
 * @param received packets the destination host received
 * @param packets packets of the flow that crossed the bottleneck and reached the sink
 * @param reports reports the sink emitted
 * @param latencyMismatches packets whose INT hop latency at the bottleneck was not their
 * queue wait
 * @param bursts the bursts and how the filter treated them
 */
record RunResult(FilterSetting setting, double seconds, long sent, long received, long packets, long reports,
		long latencyMismatches, BurstLedger.BurstSummary bursts) {

	double reportsPerSecond() {
		return this.reports / this.seconds;
	}

	/** Every burst above the threshold was caught. */
	boolean reportedEveryBurstAbove() {
		return this.bursts.missed() == 0;
	}

}
