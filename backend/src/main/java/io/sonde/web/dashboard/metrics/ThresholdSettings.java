package io.sonde.web.dashboard.metrics;

import java.math.BigInteger;
import java.util.List;

import io.sonde.web.dashboard.events.EventRate;

/**
 * The event-detection thresholds T(m) the collectors apply, read and changed from the
 * Metrics page. The collectors module answers it (an adapter over its thresholds facade).
 */
public interface ThresholdSettings {

	/** Every metric that has a T(m): its value now, its default and why. */
	List<Threshold> thresholds();

	/**
	 * Sets T(metric) and pushes it to every collector.
	 * @param threshold 0 to 2^64-1
	 * @param by who asks (the signed-in user), for the change's record
	 */
	void change(String metric, BigInteger threshold, String by);

	/**
	 * The recent changes, by whoever made them (the API, another replica), to mark on the
	 * events-per-second chart; empty when the store keeps none, and the page marks only
	 * its own.
	 */
	default List<EventRate.Mark> changes() {
		return List.of();
	}

	/**
	 * One metric's threshold as the page shows it.
	 *
	 * @param metric the Table I metric
	 * @param value T(m) now (unsigned 64-bit)
	 * @param defaultValue Sonde's default
	 * @param atDefault whether the value is the default
	 * @param unit what the value counts
	 * @param reason why the default is what it is
	 */
	record Threshold(String metric, BigInteger value, BigInteger defaultValue, boolean atDefault, String unit,
			String reason) {

		public static Threshold of(String metric, BigInteger value, BigInteger defaultValue, String unit,
				String reason) {
			return new Threshold(metric, value, defaultValue, value.equals(defaultValue), unit, reason);
		}

	}

}
