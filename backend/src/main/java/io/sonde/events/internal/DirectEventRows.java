package io.sonde.events.internal;

import java.util.List;

import io.sonde.events.EventFlow;
import io.sonde.events.TelemetryEvent;
import io.sonde.store.questdb.EmbeddedTables;
import io.sonde.store.questdb.TableBatch;
import io.sonde.store.questdb.TableBatch.ColumnKind;

/**
 * The rows of {@link EventRows#appendLine}, appended straight into the embedded QuestDB's
 * {@code events} table: the same columns and the same NULLs (a non-finite value, an
 * absent part), without rendering line protocol for QuestDB to parse again.
 */
final class DirectEventRows implements EventTableWriter {

	private final EmbeddedTables tables;

	DirectEventRows(EmbeddedTables tables) {
		this.tables = tables;
	}

	@Override
	public void write(List<TelemetryEvent> events, Runnable beforeCommit) {
		try (TableBatch batch = this.tables.begin(EventRows.TABLE)) {
			Columns columns = new Columns(batch);
			for (TelemetryEvent event : events) {
				append(batch, columns, event);
			}
			beforeCommit.run();
			batch.commit();
		}
	}

	private static void append(TableBatch batch, Columns columns, TelemetryEvent event) {
		batch.newRow(event.detectedAt());
		batch.putVarchar(columns.origin, event.origin());
		batch.putSymbol(columns.source, event.source());
		batch.putSymbol(columns.kind, event.kind().name());
		batch.putSymbol(columns.metric, event.metric());
		batch.putVarchar(columns.key, event.key());
		if (Double.isFinite(event.value())) {
			batch.putDouble(columns.value, event.value());
		}
		if (event.previous() != null && Double.isFinite(event.previous())) {
			batch.putDouble(columns.previous, event.previous());
		}
		putLong(batch, columns.switchId, event.switchId());
		putLong(batch, columns.queueId, event.queueId());
		putLong(batch, columns.port, event.port());
		EventFlow flow = event.flow();
		if (flow != null) {
			batch.putVarchar(columns.srcIp, flow.srcIp());
			batch.putVarchar(columns.dstIp, flow.dstIp());
			batch.putLong(columns.srcPort, flow.srcPort());
			batch.putLong(columns.dstPort, flow.dstPort());
			batch.putLong(columns.protocol, flow.protocol());
		}
		if (!event.path().isEmpty()) {
			batch.putVarchar(columns.path, EventRows.pathText(event.path()));
		}
		TelemetryEvent.ReportRef report = event.report();
		if (report != null) {
			putLong(batch, columns.reportNode, report.nodeId());
			putLong(batch, columns.reportSeq, report.sequence());
			putLong(batch, columns.reportHwId, (report.hwId() != null) ? report.hwId().longValue() : null);
		}
		batch.endRow();
	}

	private static void putLong(TableBatch batch, int column, Long value) {
		if (value != null) {
			batch.putLong(column, value);
		}
	}

	/** The table's column indexes, looked up and type-checked once a batch. */
	private static final class Columns {

		final int origin;

		final int source;

		final int kind;

		final int metric;

		final int key;

		final int value;

		final int previous;

		final int switchId;

		final int queueId;

		final int port;

		final int srcIp;

		final int dstIp;

		final int srcPort;

		final int dstPort;

		final int protocol;

		final int path;

		final int reportNode;

		final int reportSeq;

		final int reportHwId;

		Columns(TableBatch batch) {
			this.origin = batch.column("origin", ColumnKind.VARCHAR);
			this.source = batch.column("source", ColumnKind.SYMBOL);
			this.kind = batch.column("kind", ColumnKind.SYMBOL);
			this.metric = batch.column("metric", ColumnKind.SYMBOL);
			this.key = batch.column("event_key", ColumnKind.VARCHAR);
			this.value = batch.column("value", ColumnKind.DOUBLE);
			this.previous = batch.column("previous", ColumnKind.DOUBLE);
			this.switchId = batch.column("switch_id", ColumnKind.LONG);
			this.queueId = batch.column("queue_id", ColumnKind.LONG);
			this.port = batch.column("port", ColumnKind.LONG);
			this.srcIp = batch.column("src_ip", ColumnKind.VARCHAR);
			this.dstIp = batch.column("dst_ip", ColumnKind.VARCHAR);
			this.srcPort = batch.column("src_port", ColumnKind.LONG);
			this.dstPort = batch.column("dst_port", ColumnKind.LONG);
			this.protocol = batch.column("protocol", ColumnKind.LONG);
			this.path = batch.column("path", ColumnKind.VARCHAR);
			this.reportNode = batch.column("report_node", ColumnKind.LONG);
			this.reportSeq = batch.column("report_seq", ColumnKind.LONG);
			this.reportHwId = batch.column("report_hw_id", ColumnKind.LONG);
		}

	}

}
