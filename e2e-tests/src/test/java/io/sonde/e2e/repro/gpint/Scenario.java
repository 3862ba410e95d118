package io.sonde.e2e.repro.gpint;

import java.util.Locale;

/**
 * The network conditions of one emulation: background load, the packet-drop probability
 * of every switch-to-switch link, and whether the data recovery (SQR on the switches, the
 * recovery loop's re-sends in the monitoring module) is on.
 */
record Scenario(Load load, double linkLoss, boolean recovery) {

	Scenario {
		if (!(linkLoss >= 0 && linkLoss < 1)) {
			throw new IllegalArgumentException("a link's drop probability is within 0..1, got " + linkLoss);
		}
	}

	/** For file names and CSV rows, e.g. {@code high-loss10-recovery}. */
	String label() {
		return this.load.label() + "-loss" + Math.round(this.linkLoss * 100) + (this.recovery ? "-recovery" : "");
	}

	@Override
	public String toString() {
		return String.format(Locale.ROOT, "%s load, %.0f%% link loss, recovery %s", this.load.label(),
				this.linkLoss * 100, this.recovery ? "on" : "off");
	}

}
