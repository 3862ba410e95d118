package io.sonde.store.internal.questdb;

import java.time.Instant;

import io.questdb.cairo.CairoError;
import io.questdb.cairo.CairoException;
import io.questdb.cairo.ColumnType;
import io.questdb.cairo.TableWriter;
import io.questdb.cairo.sql.TableRecordMetadata;
import io.questdb.cairo.wal.WalWriter;
import io.sonde.store.TimeSeriesRejected;
import io.sonde.store.TimeSeriesUnavailable;
import io.sonde.store.questdb.TableBatch;

/** One batch on a pooled {@link WalWriter}; see {@link QuestDbEmbeddedTables}. */
final class QuestDbTableBatch implements TableBatch {

	private final String store;

	private final WalWriter writer;

	/** The kind each column was checked against, by column index; null: not checked. */
	private final ColumnKind[] checked;

	/** Whether the designated timestamp is TIMESTAMP_NS rather than microseconds. */
	private final boolean nanosecondTime;

	/** VARCHAR values are UTF-8 in the table: encoded here, reused row after row. */
	private final Utf8Value utf8 = new Utf8Value();

	private TableWriter.Row row;

	private boolean committed;

	QuestDbTableBatch(String store, WalWriter writer) {
		this.store = store;
		this.writer = writer;
		TableRecordMetadata metadata = writer.getMetadata();
		this.checked = new ColumnKind[metadata.getColumnCount()];
		this.nanosecondTime = ColumnType
			.getTimestampType(metadata.getColumnType(metadata.getTimestampIndex())) == ColumnType.TIMESTAMP_NANO;
	}

	@Override
	public int column(String name, ColumnKind kind) {
		TableRecordMetadata metadata = this.writer.getMetadata();
		int index = metadata.getColumnIndexQuiet(name);
		if (index < 0) {
			throw new TimeSeriesRejected(this.store,
					"table '" + this.writer.getTableToken().getTableName() + "' has no column '" + name + "'", null);
		}
		short type = ColumnType.tagOf(metadata.getColumnType(index));
		short expected = switch (kind) {
			case SYMBOL -> ColumnType.SYMBOL;
			case VARCHAR -> ColumnType.VARCHAR;
			case LONG -> ColumnType.LONG;
			case DOUBLE -> ColumnType.DOUBLE;
		};
		if (type != expected) {
			throw new TimeSeriesRejected(this.store,
					"column '" + name + "' is " + ColumnType.nameOf(type) + ", not " + kind, null);
		}
		this.checked[index] = kind;
		return index;
	}

	@Override
	public void newRow(Instant at) {
		this.committed = false;
		long timestamp;
		try {
			timestamp = this.nanosecondTime
					? Math.addExact(Math.multiplyExact(at.getEpochSecond(), 1_000_000_000L), at.getNano())
					: Math.addExact(Math.multiplyExact(at.getEpochSecond(), 1_000_000L), at.getNano() / 1000);
		}
		catch (ArithmeticException ex) {
			throw new TimeSeriesRejected(this.store,
					"time " + at + " is out of the range of table '" + this.writer.getTableToken().getTableName() + "'",
					ex);
		}
		try {
			this.row = this.writer.newRow(timestamp);
		}
		catch (CairoException | CairoError ex) {
			throw unavailable("a new row", ex);
		}
	}

	@Override
	public void putSymbol(int column, CharSequence value) {
		check(column, ColumnKind.SYMBOL);
		this.row.putSym(column, value);
	}

	@Override
	public void putVarchar(int column, CharSequence value) {
		check(column, ColumnKind.VARCHAR);
		this.row.putVarchar(column, this.utf8.of(value));
	}

	@Override
	public void putLong(int column, long value) {
		check(column, ColumnKind.LONG);
		this.row.putLong(column, value);
	}

	@Override
	public void putDouble(int column, double value) {
		check(column, ColumnKind.DOUBLE);
		this.row.putDouble(column, value);
	}

	private void check(int column, ColumnKind kind) {
		if (column < 0 || column >= this.checked.length || this.checked[column] != kind) {
			throw new IllegalArgumentException("column " + column + " was not looked up as " + kind);
		}
	}

	@Override
	public void endRow() {
		try {
			this.row.append();
		}
		catch (CairoException | CairoError ex) {
			throw unavailable("a row", ex);
		}
		this.row = null;
	}

	@Override
	public void commit() {
		try {
			this.writer.commit();
			this.committed = true;
		}
		catch (CairoException | CairoError ex) {
			throw unavailable("the commit", ex);
		}
	}

	private TimeSeriesUnavailable unavailable(String what, Throwable cause) {
		return new TimeSeriesUnavailable(this.store,
				what + " of '" + this.writer.getTableToken().getTableName() + "' failed: " + cause.getMessage(), cause);
	}

	@Override
	public void close() {
		try {
			if (this.row != null) {
				this.row.cancel();
			}
			if (!this.committed) {
				this.writer.rollback();
			}
		}
		finally {
			// Back to the pool, which drops a writer left distressed by a failure.
			this.writer.close();
		}
	}

}
