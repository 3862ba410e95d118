package io.sonde.metrics.internal;

import java.util.Arrays;
import java.util.List;

import io.sonde.ingest.CollectorMetric;
import io.sonde.metrics.MetricQueryRejected;
import io.sonde.metrics.UnknownMetric;

/**
 * The metrics a query may name: the six of INTCollector's Table I, which Sonde's
 * collectors report. A name outside them would only ever find nothing, so it is refused.
 */
public final class KnownMetrics {

	public static final List<String> NAMES = Arrays.stream(CollectorMetric.values())
		.map(CollectorMetric::wireName)
		.toList();

	private KnownMetrics() {
	}

	/**
	 * The metric named, checked.
	 * @throws MetricQueryRejected when none is named
	 * @throws UnknownMetric when it is not one of {@link #NAMES}
	 */
	public static String require(String metric) {
		if (metric == null || metric.isBlank()) {
			throw new MetricQueryRejected("metric", "a metric name is required, one of " + String.join(", ", NAMES));
		}
		if (!NAMES.contains(metric)) {
			throw new UnknownMetric(metric, NAMES);
		}
		return metric;
	}

}
