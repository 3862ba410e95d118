package io.sonde.emulator.pipeline;

import io.sonde.p4programs.SondePipeline;
import io.sonde.p4programs.names.P4Actions;

/**
 * What {@code set_label_settings(mode, interval_us, rest_us, max_hop)}, the default
 * action of sonde.p4's keyless {@code label_settings} table, carries
 * (INTLABEL-DECISIONS.md "What a switch does").
 *
 * @param mode {@link #OFF} (no labeling; a last hop still extracts), {@link #BASE_A} or
 * {@link #BASE_B} ({@code bit<2>})
 * @param intervalMicros the labeling interval T in microseconds ({@code bit<32>})
 * @param restMicros the rest time T1 in microseconds ({@code bit<32>})
 * @param maxHop MAX_hop: a packet with this many items (or {@link #MAX_LABEL_ITEMS}) is
 * not labeled again ({@code bit<8>})
 */
public record LabelSettings(int mode, long intervalMicros, long restMicros, int maxHop) {

	/** Mode 0: no labeling decision. */
	public static final int OFF = SondePipeline.LabelMode.OFF.code();

	/** Mode 1: interval-based labeling (paper Algorithm 1). */
	public static final int BASE_A = SondePipeline.LabelMode.BASE_A.code();

	/** Mode 2: interval-based, else probabilistic labeling (paper Algorithm 2). */
	public static final int BASE_B = SondePipeline.LabelMode.BASE_B.code();

	/** {@code MAX_LABEL_ITEMS}: the parser's header stack of items. */
	public static final int MAX_LABEL_ITEMS = SondePipeline.MAX_LABEL_ITEMS;

	/**
	 * Before the control plane writes the table: off, T 50 ms, T1 0, MAX_hop 5 (paper
	 * §6.1).
	 */
	public static final LabelSettings DEFAULT = new LabelSettings(OFF, 50_000, 0, 5);

	public LabelSettings {
		ActionParams.check(P4Actions.SetLabelSettings.ALIAS, P4Actions.SetLabelSettings.MODE, mode, 2);
		ActionParams.check(P4Actions.SetLabelSettings.ALIAS, P4Actions.SetLabelSettings.INTERVAL_US, intervalMicros,
				32);
		ActionParams.check(P4Actions.SetLabelSettings.ALIAS, P4Actions.SetLabelSettings.REST_US, restMicros, 32);
		ActionParams.check(P4Actions.SetLabelSettings.ALIAS, P4Actions.SetLabelSettings.MAX_HOP, maxHop, 8);
	}

	/** The item count at which a packet is full: min(MAX_hop, MAX_LABEL_ITEMS). */
	public int limit() {
		return Math.min(this.maxHop, MAX_LABEL_ITEMS);
	}

	/** T >> S, in microseconds (0 from S = 48 on: every packet). */
	long interval(int shift) {
		return shifted(this.intervalMicros, shift);
	}

	/** T1 >> S, in microseconds. */
	long rest(int shift) {
		return shifted(this.restMicros, shift);
	}

	private static long shifted(long micros, int shift) {
		return (shift >= 48) ? 0 : micros >>> shift;
	}

}
