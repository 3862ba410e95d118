package io.sonde.store;

import java.util.List;
import java.util.Map;

/**
 * Read-only SQL against the time-series store, for modules whose queries do not fit
 * {@link TimeSeriesStore#read} (the event log's filtered, paged history). QuestDB only:
 * with InfluxDB 2.x every call throws {@link TimeSeriesUnavailable}. The store keeps its
 * connections; callers pass parameters, never concatenate values.
 */
public interface TimeSeriesSql {

	/**
	 * Runs one SELECT with positional parameters ({@code ?}).
	 * @return the rows, each column by its label
	 * @throws TimeSeriesUnavailable when the store cannot be reached or has no SQL
	 * @throws TimeSeriesRejected when the store rejects the query
	 */
	List<Map<String, Object>> select(String sql, Object... parameters);

}
