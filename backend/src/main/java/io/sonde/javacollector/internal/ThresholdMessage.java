package io.sonde.javacollector.internal;

import java.util.EnumMap;
import java.util.Map;

import io.sonde.ingest.CollectorMetric;

/**
 * A thresholds message of the contract: {@code METRIC=T} pairs separated by spaces,
 * commas or newlines, T an unsigned integer. Applied whole or not at all, as the daemon
 * does.
 */
final class ThresholdMessage {

	private ThresholdMessage() {
	}

	/**
	 * The thresholds a message sets.
	 * @throws IllegalArgumentException naming the first bad pair
	 */
	static Map<CollectorMetric, Long> parse(String message) {
		Map<CollectorMetric, Long> out = new EnumMap<>(CollectorMetric.class);
		for (String pair : message.trim().split("[\\s,]+")) {
			if (pair.isEmpty()) {
				continue;
			}
			int eq = pair.indexOf('=');
			if (eq <= 0) {
				throw new IllegalArgumentException("not METRIC=T: '" + pair + "'");
			}
			CollectorMetric metric = CollectorMetric.ofWireName(pair.substring(0, eq));
			out.put(metric, unsigned(pair.substring(eq + 1)));
		}
		if (out.isEmpty()) {
			throw new IllegalArgumentException("no thresholds in '" + message + "'");
		}
		return out;
	}

	/** An unsigned decimal, as the contract's values are. */
	static long unsigned(String text) {
		if (text.isEmpty() || text.charAt(0) == '+' || text.charAt(0) == '-') {
			throw new IllegalArgumentException("not an unsigned integer: '" + text + "'");
		}
		try {
			return Long.parseUnsignedLong(text);
		}
		catch (NumberFormatException ex) {
			throw new IllegalArgumentException("not an unsigned integer: '" + text + "'", ex);
		}
	}

}
