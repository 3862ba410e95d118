package io.sonde.e2e.repro.intlabel;

/**
 * What one run measured, after its warm-up.
 *
 * @param setting what the run set
 * @param repetition which fabric (seed) it ran on
 * @param seconds virtual seconds measured
 * @param coverage mean over the telemetry windows of covered active ports over active
 * ports (§6.2), 0..1
 * @param windows telemetry windows measured
 * @param meanActivePorts active ports per window, mean
 * @param portsCarried switch ports that carried traffic at any time of the run
 * @param sent packets the senders sent
 * @param received of those, packets that reached their server
 * @param linkLoss the per-link drop probability the run set
 * @param exports labeled packets that reached the controller (PacketIns): the paper's
 * "packets with INT data"
 * @param items INT items in them: the paper's "labeling times"
 * @param applied items newer than the controller's latest state of their port (Algorithm
 * 4)
 * @param malformed PacketIns the codec rejected, or items of a device the fabric does not
 * have (0 unless the twin or the codec is wrong)
 * @param bandwidthOccupation INT bytes over all bytes the switch ports transmitted
 * @param shiftRaises times the adaptive loop raised a port's S (Pro only)
 * @param maxShift the highest S a port reached (Pro only)
 */
record RunResult(RunSetting setting, int repetition, double seconds, double coverage, int windows,
		double meanActivePorts, int portsCarried, long sent, long received, double linkLoss, long exports, long items,
		long applied, long malformed, double bandwidthOccupation, long shiftRaises, int maxShift) {

	/** Packets sent the paper's Figs. 7, 8, 18 and 19 count over. */
	static final int PAPER_PACKETS = 10_000;

	/** Lost over sent, 0..1. */
	double measuredLoss() {
		return (this.sent == 0) ? 0 : Math.max(0, (double) (this.sent - this.received) / this.sent);
	}

	/** Labeled packets exported per {@value #PAPER_PACKETS} packets sent. */
	double labeledPerPaperPackets() {
		return (this.sent == 0) ? 0 : (double) this.exports * PAPER_PACKETS / this.sent;
	}

	/** Labeling times (items exported) per {@value #PAPER_PACKETS} packets sent. */
	double labelingTimesPerPaperPackets() {
		return (this.sent == 0) ? 0 : (double) this.items * PAPER_PACKETS / this.sent;
	}

}
