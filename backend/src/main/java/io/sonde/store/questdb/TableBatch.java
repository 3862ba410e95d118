package io.sonde.store.questdb;

import java.time.Instant;

/**
 * Rows for one table, committed as one transaction ({@link EmbeddedTables#begin}). A row
 * is {@link #newRow}, puts, {@link #endRow}; a column not put in a row is NULL. Column
 * indexes come from {@link #column}, which also checks the column's type, so a put can
 * never write a value of one type into a column of another.
 */
public interface TableBatch extends AutoCloseable {

	/** Column types a batch writes. */
	enum ColumnKind {

		SYMBOL, VARCHAR, LONG, DOUBLE

	}

	/**
	 * The index of a column for this batch's puts.
	 * @throws io.sonde.store.TimeSeriesRejected when the table has no such column, or it
	 * is not of {@code kind}
	 */
	int column(String name, ColumnKind kind);

	/**
	 * Starts a row at its designated timestamp, kept at the table's resolution
	 * (microseconds or nanoseconds; finer parts are dropped).
	 * @throws io.sonde.store.TimeSeriesRejected when the table's resolution cannot hold
	 * the time
	 */
	void newRow(Instant at);

	void putSymbol(int column, CharSequence value);

	void putVarchar(int column, CharSequence value);

	void putLong(int column, long value);

	/** NaN is stored as NULL, as QuestDB stores it. */
	void putDouble(int column, double value);

	void endRow();

	/**
	 * Commits every row ended so far; when this returns they are in the table's
	 * write-ahead log.
	 * @throws io.sonde.store.TimeSeriesUnavailable when the store cannot take them
	 * (nothing is committed)
	 */
	void commit();

	/** Discards rows not committed and gives the table back. */
	@Override
	void close();

}
