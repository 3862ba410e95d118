package io.sonde.metrics;

import java.util.List;

/**
 * The metrics exporter of the paper's Section III-E: every event's value written at once,
 * every known key's value pushed periodically, and what it knows about the keys.
 */
public interface MetricsExport {

	/** What was queued, written and lost so far. */
	ExportStatistics statistics();

	/**
	 * The keys of a metric seen since start, for pickers.
	 * @param metric a metric name
	 * @param switchId only keys of this switch (its switch, or on the flow's path); null
	 * for all
	 */
	List<MetricKey> keys(String metric, Long switchId);

	/** One key of a metric, with its latest value. */
	record MetricKey(String metric, String key, Long switchId, Long queueId, Long port, String flow, double value,
			java.time.Instant updatedAt) {
	}

}
