package io.sonde.web.dashboard.metrics;

import java.util.List;
import java.util.Map;

import io.sonde.web.dashboard.events.EventRate;

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

	/**
	 * The recent changes, by whoever made them (the API, another replica), to mark on the
	 * events-per-second chart; empty when the store keeps none, and the page marks only
	 * its own.
	 */
	default List<EventRate.Mark> changes() {
		return List.of();
	}

}
