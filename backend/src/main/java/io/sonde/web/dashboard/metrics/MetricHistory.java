package io.sonde.web.dashboard.metrics;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * What the Metrics page and the Events page's context chart read: the keys of a metric
 * and a key's values over time, downsampled. The metrics module answers it (an adapter
 * over its history facade); while no bean of it exists the pages say history is not
 * available.
 */
public interface MetricHistory {

	/** The keys seen for {@code metric}, in a stable order. */
	List<String> keys(String metric);

	/**
	 * @param resolution one point per this much time at most
	 * @return oldest first
	 */
	List<Point> series(String metric, String key, Instant from, Instant to, Duration resolution);

	record Point(Instant at, double value) {
	}

}
