package io.sonde.emulator.pipeline;

/**
 * The functions of event_metrics.p4: the arithmetic of paper 003's algorithms on unsigned
 * 32-bit values held in longs.
 */
final class EventMetrics {

	static final long U32 = 0xFFFF_FFFFL;

	// CNF operators (CNF_OP_*).
	private static final int OP_GREATER = 1;

	private static final int OP_GREATER_OR_EQUAL = 2;

	private static final int OP_LESS = 3;

	private static final int OP_LESS_OR_EQUAL = 4;

	private static final int OP_EQUAL = 5;

	private static final int OP_NOT_EQUAL = 6;

	private EventMetrics() {
	}

	/** {@code abs_diff}. */
	static long absDiff(long a, long b) {
		return (a > b) ? a - b : b - a;
	}

	/**
	 * {@code ema_step}: (weight × sample + (256 − weight) × average) / 256, in 64 bits,
	 * cut to 32.
	 */
	static long emaStep(long average, long sample, int weight) {
		long weighted = sample * weight + average * (256 - weight);
		return (weighted >>> 8) & U32;
	}

	/** {@code cnf_literal_holds}: an unknown operator never holds. */
	static boolean literalHolds(long value, int operator, long threshold) {
		return switch (operator) {
			case OP_GREATER -> value > threshold;
			case OP_GREATER_OR_EQUAL -> value >= threshold;
			case OP_LESS -> value < threshold;
			case OP_LESS_OR_EQUAL -> value <= threshold;
			case OP_EQUAL -> value == threshold;
			case OP_NOT_EQUAL -> value != threshold;
			default -> false;
		};
	}

}
