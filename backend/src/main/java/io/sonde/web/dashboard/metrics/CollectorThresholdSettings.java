package io.sonde.web.dashboard.metrics;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

import io.sonde.collectorfleet.CollectorThresholds;
import io.sonde.collectorfleet.ThresholdDefault;
import io.sonde.collectorfleet.ThresholdRejected;
import io.sonde.web.dashboard.events.EventRate;

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
	public List<Threshold> thresholds() {
		Map<String, BigInteger> current = this.thresholds.current();
		List<Threshold> out = new ArrayList<>();
		for (ThresholdDefault preset : this.thresholds.defaults()) {
			BigInteger value = current.getOrDefault(preset.metric(), preset.value());
			out.add(Threshold.of(preset.metric(), value, preset.value(), preset.unit(), preset.reason()));
		}
		return out;
	}

	@Override
	public void change(String metric, BigInteger threshold, String by) {
		try {
			this.thresholds.change(Map.of(metric, threshold), by);
		}
		catch (ThresholdRejected rejected) {
			throw new InvalidMetricRequest("threshold", rejected.getMessage());
		}
	}

	/** "queue_occupancy → 500 (operator)" at the second of each recorded change. */
	@Override
	public List<EventRate.Mark> changes() {
		return this.thresholds.history()
			.stream()
			.map((change) -> new EventRate.Mark(change.at().getEpochSecond(),
					new TreeMap<>(change.thresholds()).entrySet()
						.stream()
						.map((entry) -> entry.getKey() + " \u2192 " + entry.getValue())
						.collect(Collectors.joining(", ")) + " (" + change.by() + ")"))
			.toList();
	}

}
