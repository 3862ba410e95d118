package io.sonde.collectors;

import java.util.List;
import java.util.Map;

/**
 * T(m) for every collector at once (xdp-collector/REDIS_CONTRACT.md, "Thresholds"): the
 * hash of the thresholds wanted now, written first, then the same change published on the
 * channel of the same name, so the collectors connected apply it at once and the others
 * when they reconnect.
 */
public interface CollectorThresholds {

	/** T(m) of each of the six Table I metrics wanted now (0 where none was set). */
	Map<String, Long> current();

	/**
	 * Sets some thresholds, leaving the others as they are.
	 * @param thresholds metric name to T(m)
	 * @param by who asks
	 * @return the change as recorded
	 * @throws ThresholdRejected naming the first bad metric or value
	 */
	ThresholdChange change(Map<String, ?> thresholds, String by);

	/** The latest changes, newest first. */
	List<ThresholdChange> history();

}
