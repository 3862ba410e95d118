package io.sonde.emulator.pipeline;

/** Range checks of action parameters against their P4 widths. */
final class ActionParams {

	private ActionParams() {
	}

	static void check(String action, String param, long value, int bits) {
		long max = (bits == 64) ? Long.MAX_VALUE : (1L << bits) - 1;
		if (value < 0 || value > max) {
			throw new IllegalArgumentException(
					action + "(" + param + ") must fit bit<" + bits + ">, 0.." + max + ": " + value);
		}
	}

}
