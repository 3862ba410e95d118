package io.sonde.web.dashboard.metrics;

import java.util.Map;

/**
 * The event-detection thresholds T(m) the collectors apply, read and changed from the
 * Metrics page. The metrics module answers it (an adapter over its thresholds facade).
 */
public interface ThresholdSettings {

	/** Metric name to threshold, every metric that has one. */
	Map<String, Double> thresholds();

	/** Sets T(metric) and pushes it to every collector. */
	void change(String metric, double threshold);

}
