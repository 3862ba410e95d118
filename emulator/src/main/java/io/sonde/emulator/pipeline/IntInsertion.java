package io.sonde.emulator.pipeline;

import io.sonde.p4programs.names.P4Actions;

/**
 * The action an {@code int_watchlist} lookup ran: {@code insert_int(instructions, hop_ml,
 * remaining_hop_count)} or {@code skip_int} (the default action).
 *
 * @param insert whether the action is {@code insert_int}
 * @param instructions the INT instruction bitmap (16 bits, INT-2.1 §5.8)
 * @param hopMl words each hop adds (5 bits); transit nodes add nothing when it disagrees
 * with the bitmap
 * @param remainingHopCount hops allowed to push, the source included (8 bits)
 */
public record IntInsertion(boolean insert, int instructions, int hopMl, int remainingHopCount) {

	/** {@code skip_int()}, the default action. */
	public static final IntInsertion SKIP = new IntInsertion(false, 0, 0, 0);

	public IntInsertion {
		ActionParams.check(P4Actions.InsertInt.ALIAS, P4Actions.InsertInt.INSTRUCTIONS, instructions, 16);
		ActionParams.check(P4Actions.InsertInt.ALIAS, P4Actions.InsertInt.HOP_ML, hopMl, 5);
		ActionParams.check(P4Actions.InsertInt.ALIAS, P4Actions.InsertInt.REMAINING_HOP_COUNT, remainingHopCount, 8);
	}

	/** {@code insert_int(instructions, hop_ml, remaining_hop_count)}. */
	public static IntInsertion insert(int instructions, int hopMl, int remainingHopCount) {
		return new IntInsertion(true, instructions, hopMl, remainingHopCount);
	}

	/**
	 * {@code insert_int} with the Hop ML the bitmap implies, as the control plane must
	 * configure it (p4-programs README, "Control-plane entities").
	 */
	public static IntInsertion insert(int instructions, int remainingHopCount) {
		return insert(instructions, IntWire.hopWords(instructions), remainingHopCount);
	}

}
