package io.sonde.e2e.repro.intlabel;

import java.util.Locale;

import io.sonde.labeling.LabelingParameters;

/**
 * What one run sets: the labeling parameters (the backend's record: mode, T, T1, k, f,
 * MAX_hop, Ti) and the end-to-end packet loss the links are tuned to (§6.2 Fig. 13; 0
 * elsewhere).
 *
 * @param labeling the labeling parameters
 * @param lossTarget end-to-end loss of the senders' packets, 0 .. 0.6
 */
record RunSetting(LabelingParameters labeling, double lossTarget) {

	RunSetting {
		if (!(lossTarget >= 0 && lossTarget < 1)) {
			throw new IllegalArgumentException("loss target is within [0, 1): " + lossTarget);
		}
	}

	/** A short name for the progress bar and the CSV. */
	String label() {
		LabelingParameters p = this.labeling;
		return String.format(Locale.ROOT, "%s T%d T1 %d %s k%d Ti%d loss%.0f%%", p.mode(), p.intervalMs(), p.restMs(),
				p.probability(), p.k(), p.telemetryIntervalMs(), 100 * this.lossTarget);
	}

}
