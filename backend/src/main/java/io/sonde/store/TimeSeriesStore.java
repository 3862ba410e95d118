package io.sonde.store;

import java.util.List;

/**
 * The time-series store's public face, the same for QuestDB and InfluxDB 2.x. Its writes
 * go through influxdb-client-java as InfluxDB line protocol whichever store is
 * configured; reads use the store's own query language behind this interface. What only
 * QuestDB offers is in {@link io.sonde.store.questdb}.
 */
public interface TimeSeriesStore {

	/**
	 * Writes points synchronously, so a caller that returns has its data accepted by the
	 * store.
	 * @throws TimeSeriesUnavailable when the store cannot be reached or rejects the batch
	 */
	void write(List<MetricPoint> points);

	/**
	 * Writes rows already rendered as InfluxDB line protocol, one per line, timestamps in
	 * nanoseconds: the path for writers whose rate makes {@link MetricPoint} and its
	 * conversion the bottleneck (the event log's ingest). Same guarantees as
	 * {@link #write}.
	 * @throws TimeSeriesUnavailable when the store cannot be reached
	 * @throws TimeSeriesRejected when the store rejects the batch
	 */
	void writeLineProtocol(String lines);

	/**
	 * Reads one numeric field, oldest first. Rows written a moment ago may need a short
	 * while to become visible (QuestDB applies its write-ahead log asynchronously).
	 * @throws TimeSeriesUnavailable when the store cannot be reached or rejects the query
	 */
	List<Sample> read(SeriesQuery query);

	/**
	 * Whether {@link #read} filters on any column of a table, not only on tags: QuestDB
	 * (SQL) does; InfluxDB does not (the event log's {@code event_key} is a field there).
	 * Where it does, the metrics history reads event values from the event log's table.
	 */
	default boolean readsAnyColumn() {
		return false;
	}

	/** A short human-readable name of the store and where it is, for logs and health. */
	String describe();

}
