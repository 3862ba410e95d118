package io.sonde.store.questdb;

/**
 * Rows appended straight into a table of the QuestDB running inside this JVM (the default
 * store): nothing is rendered as line protocol, sent over HTTP or parsed again, which at
 * ingest rates is most of what a row costs. Only present when QuestDB is embedded; a
 * writer without it uses {@link io.sonde.store.TimeSeriesStore#writeLineProtocol}. The
 * table's write-ahead log is the same either way, so deduplication and visibility do not
 * change.
 */
public interface EmbeddedTables {

	/**
	 * A batch of rows for {@code table}, for the calling thread only; nothing of it is
	 * visible before {@link TableBatch#commit}, and closing it uncommitted discards it.
	 * @throws io.sonde.store.TimeSeriesUnavailable when the table does not exist (yet) or
	 * cannot be opened
	 */
	TableBatch begin(String table);

}
