package io.sonde.store.questdb;

import java.util.List;
import java.util.Map;

/**
 * Read-only SQL against the time-series store, for modules whose queries do not fit
 * {@link io.sonde.store.TimeSeriesStore#read} (the event log's filtered, paged history).
 * QuestDB only: with InfluxDB 2.x every call throws
 * {@link io.sonde.store.TimeSeriesUnavailable}. The store keeps its connections; callers
 * pass parameters, never concatenate values.
 */
public interface TimeSeriesSql {

	/**
	 * Runs one SELECT with positional parameters ({@code ?}).
	 * @return the rows, each column by its label
	 * @throws io.sonde.store.TimeSeriesUnavailable when the store cannot be reached or
	 * has no SQL
	 * @throws io.sonde.store.TimeSeriesRejected when the store rejects the query
	 */
	List<Map<String, Object>> select(String sql, Object... parameters);

}
