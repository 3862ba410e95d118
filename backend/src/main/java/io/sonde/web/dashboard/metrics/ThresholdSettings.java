package io.sonde.web.dashboard.metrics;

import java.util.Map;

/**
 * The event-detection thresholds T(m) the collectors apply, read and changed from the
 * Metrics page. The metrics module answers it (an adapter over its thresholds facade).
 */
public interface ThresholdSettings {

	/**
	 * Metric name to T(m), every metric that has one (collectors count in whole units).
	 */
	Map<String, Long> thresholds();

	/**
	 * Sets T(metric) and pushes it to every collector.
	 * @param by who asks (the signed-in user), for the change's record
	 */
	void change(String metric, long threshold, String by);

}
