package io.sonde.metrics;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/** A metric key's history from the time-series store, downsampled. */
public interface MetricHistory {

	/** Buckets at most this many per query: a chart never needs more. */
	int MAX_BUCKETS = 10_000;

	/**
	 * The key's values in [from, to), one point per non-empty interval of
	 * {@code resolution}, oldest first.
	 * @throws MetricQueryRejected naming the bad parameter
	 */
	List<MetricHistoryPoint> history(String metric, String key, Instant from, Instant to, Duration resolution);

}
