package io.sonde.collectorfleet;

import java.math.BigInteger;
import java.util.List;
import java.util.Map;

/**
 * T(m) for every collector at once (xdp-collector/REDIS_CONTRACT.md, "Thresholds"): the
 * hash of the thresholds wanted now, written first, then the same change published on the
 * channel of the same name, so the collectors connected apply it at once and the others
 * when they reconnect. Values are unsigned 64-bit integers (0 to 2^64-1), as the
 * collectors compare them; {@link BigInteger} carries them whole to JSON.
 */
public interface CollectorThresholds {

	/** The largest T(m): 2^64-1. */
	BigInteger MAX = BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);

	/**
	 * T(m) of each of the six Table I metrics wanted now: the hash's value, or the
	 * metric's default where the hash has none (Sonde writes the default there).
	 */
	Map<String, BigInteger> current();

	/** Sonde's default T(m) of each metric, with its unit and why it was chosen. */
	List<ThresholdDefault> defaults();

	/**
	 * Sets some thresholds, leaving the others as they are.
	 * @param thresholds metric name to T(m): an integer (or a string of digits) from 0 to
	 * 2^64-1
	 * @param by who asks
	 * @return the change as recorded
	 * @throws ThresholdRejected naming the first bad metric or value
	 */
	ThresholdChange change(Map<String, ?> thresholds, String by);

	/** The latest changes, newest first. */
	List<ThresholdChange> history();

}
