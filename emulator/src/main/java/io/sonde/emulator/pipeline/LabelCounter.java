package io.sonde.emulator.pipeline;

import io.sonde.p4programs.SondePipeline;
import io.sonde.p4programs.names.P4Counters;

/**
 * The indirect counters of sonde.p4's INT-label stage, with their P4Info names and sizes
 * (INTLABEL-DECISIONS.md "Counters").
 */
public enum LabelCounter {

	/**
	 * Labeling decisions, cell {@code port * 4 + reason}: 0 full (not labeled for lack of
	 * room), 1 interval, 2 probability, 3 specific flow.
	 */
	DECISIONS(P4Counters.LabelDecisions.NAME, SondePipeline.MAX_PORTS * SondePipeline.LabelDecision.values().length),
	/**
	 * Packets (and bytes) leaving by a port with n items, cell {@code port * 9 + n}; n =
	 * 0 also counts packets without the option.
	 */
	CARRIED(P4Counters.LabelCarried.NAME, SondePipeline.MAX_PORTS * SondePipeline.LABEL_CARRIED_COUNTS),
	/** Last-hop exports by the egress port the packet left by. */
	EXPORTS(P4Counters.LabelExports.NAME, SondePipeline.MAX_PORTS),
	/** Packets whose option did not parse. */
	MALFORMED(P4Counters.LabelMalformed.NAME, 1);

	/** Reasons per port in {@link #DECISIONS}. */
	public static final int REASONS = SondePipeline.LabelDecision.values().length;

	/** Item counts per port in {@link #CARRIED}: 0 to 8. */
	public static final int ITEM_COUNTS = SondePipeline.LABEL_CARRIED_COUNTS;

	private final String p4Name;

	private final int size;

	LabelCounter(String p4Name, int size) {
		this.p4Name = p4Name;
		this.size = size;
	}

	public String p4Name() {
		return this.p4Name;
	}

	/** Cells of the counter. */
	public int size() {
		return this.size;
	}

}
