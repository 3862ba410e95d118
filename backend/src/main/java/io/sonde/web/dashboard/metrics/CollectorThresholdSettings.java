package io.sonde.web.dashboard.metrics;

import java.util.Map;

import io.sonde.collectors.CollectorThresholds;
import io.sonde.collectors.ThresholdRejected;

import org.springframework.stereotype.Component;

/**
 * The thresholds the collectors module keeps in Redis and publishes to every collector.
 */
@Component
class CollectorThresholdSettings implements ThresholdSettings {

	private final CollectorThresholds thresholds;

	CollectorThresholdSettings(CollectorThresholds thresholds) {
		this.thresholds = thresholds;
	}

	@Override
	public Map<String, Long> thresholds() {
		return this.thresholds.current();
	}

	@Override
	public void change(String metric, long threshold, String by) {
		try {
			this.thresholds.change(Map.of(metric, threshold), by);
		}
		catch (ThresholdRejected rejected) {
			throw new InvalidMetricRequest("threshold", rejected.getMessage());
		}
	}

}
