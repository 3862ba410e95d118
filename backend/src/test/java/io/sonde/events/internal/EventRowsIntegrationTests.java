package io.sonde.events.internal;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import io.sonde.events.EventFlow;
import io.sonde.events.EventKind;
import io.sonde.events.TelemetryEvent;
import io.sonde.store.TimeSeriesRejected;
import io.sonde.store.TimeSeriesStore;
import io.sonde.store.TimeSeriesUnavailable;
import io.sonde.store.questdb.EmbeddedTables;
import io.sonde.store.questdb.TableBatch;
import io.sonde.store.questdb.TableBatch.ColumnKind;
import io.sonde.store.questdb.TimeSeriesSql;
import io.sonde.testsupport.SharedApiContext;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * The events table's two writers against the embedded QuestDB: rows appended directly
 * read back exactly as rows sent as line protocol over HTTP (the path of every other
 * store), for every kind of event and every NULL; a failed batch stores nothing; a
 * redelivered event is stored once.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class EventRowsIntegrationTests extends SharedApiContext {

	@Autowired
	EmbeddedTables tables;

	@Autowired
	TimeSeriesStore store;

	@Autowired
	TimeSeriesSql sql;

	@Test
	void directRowsReadBackAsLineProtocolRowsDo() {
		String run = UUID.randomUUID().toString();
		Instant base = Instant.parse("2026-11-20T10:00:00.123456789Z");
		List<TelemetryEvent> direct = events("direct-" + run, base);
		List<TelemetryEvent> viaLines = events("lines-" + run, base);

		new DirectEventRows(this.tables).write(direct, () -> {
		});
		EventTableWriter.lineProtocol(this.store).write(viaLines, () -> {
		});

		List<TelemetryEvent> directBack = await().atMost(Duration.ofSeconds(30))
			.until(() -> read("direct-" + run), (rows) -> rows.size() == direct.size());
		List<TelemetryEvent> linesBack = await().atMost(Duration.ofSeconds(30))
			.until(() -> read("lines-" + run), (rows) -> rows.size() == viaLines.size());
		for (int i = 0; i < direct.size(); i++) {
			assertThat(withoutRun(directBack.get(i), "direct-" + run))
				.isEqualTo(withoutRun(linesBack.get(i), "lines-" + run));
		}
		// And both are the events written, to the nanosecond (db-migrations V4).
		assertThat(directBack.get(0).detectedAt()).isEqualTo(base);
		assertThat(directBack.get(0).flow()).isEqualTo(direct.get(0).flow());
		assertThat(directBack.get(0).report()).isEqualTo(direct.get(0).report());
		assertThat(directBack.get(1).path()).containsExactly(11L, 12L, 13L);
		assertThat(directBack.get(2).previous()).isNull();
		assertThat(directBack.get(2).switchId()).isEqualTo(12L);
		assertThat(directBack.get(2).queueId()).isEqualTo(3L);
		assertThat(directBack.get(3).source()).isEqualTo("java:nöde, with spaces=\"quoted\"");
		assertThat(directBack.get(3).key()).isEqualTo("switch=11/port=4 \"é\"");
		assertThat(directBack.get(3).value()).isNaN();
	}

	@Test
	void aBatchThatFailsStoresNothing() {
		String run = "failed-" + UUID.randomUUID();
		try (TableBatch batch = this.tables.begin(EventRows.TABLE)) {
			int origin = batch.column("origin", ColumnKind.VARCHAR);
			batch.newRow(Instant.now());
			batch.putVarchar(origin, run + "/1");
			batch.endRow();
			assertThatExceptionOfType(TimeSeriesRejected.class).isThrownBy(() -> batch.column("nope", ColumnKind.LONG))
				.withMessageContaining("no column 'nope'");
			assertThatExceptionOfType(TimeSeriesRejected.class)
				.isThrownBy(() -> batch.column("origin", ColumnKind.SYMBOL))
				.withMessageContaining("is VARCHAR, not SYMBOL");
			// Nanoseconds in a signed 64-bit number end in April 2262.
			assertThatExceptionOfType(TimeSeriesRejected.class)
				.isThrownBy(() -> batch.newRow(Instant.parse("2262-04-12T00:00:00Z")))
				.withMessageContaining("out of the range of table 'events'");
			// closed without a commit
		}
		assertThatExceptionOfType(TimeSeriesUnavailable.class).isThrownBy(() -> this.tables.begin("no_such_table"))
			.withMessageContaining("no WAL table 'no_such_table'");
		// A later batch of the same writer commits only its own row.
		new DirectEventRows(this.tables).write(events(run, Instant.now()).subList(0, 1), () -> {
		});
		await().atMost(Duration.ofSeconds(30)).until(() -> read(run).size() == 1);
		assertThat(read(run)).extracting(TelemetryEvent::origin).containsExactly(run + "/0");
	}

	@Test
	void aRedeliveredEventIsStoredOnce() {
		String run = "twice-" + UUID.randomUUID();
		List<TelemetryEvent> events = events(run, Instant.now());
		DirectEventRows rows = new DirectEventRows(this.tables);
		rows.write(events, () -> {
		});
		rows.write(events.subList(1, 3), () -> {
		});
		String marker = "after-" + run;
		rows.write(events(marker, Instant.now()), () -> {
		});
		// The marker's batch was committed after the redelivery: once it is visible, so
		// is everything before it.
		await().atMost(Duration.ofSeconds(30)).until(() -> read(marker).size() == 4);
		assertThat(read(run)).hasSize(events.size());
	}

	private List<TelemetryEvent> read(String run) {
		List<TelemetryEvent> events = new ArrayList<>();
		for (Map<String, Object> row : this.sql.select(
				"SELECT " + EventRows.COLUMNS + " FROM " + EventRows.TABLE + " WHERE origin LIKE ? ORDER BY origin",
				run + "/%")) {
			events.add(EventRows.event(row));
		}
		return events;
	}

	private static TelemetryEvent withoutRun(TelemetryEvent event, String run) {
		return new TelemetryEvent(null, event.origin().replace(run, "run"), event.source(), event.detectedAt(),
				event.kind(), event.metric(), event.key(), event.value(), event.previous(), event.switchId(),
				event.queueId(), event.port(), event.flow(), event.path(), event.report());
	}

	/**
	 * One event of each shape the table holds, origins {@code run/0} to {@code run/3}.
	 */
	private static List<TelemetryEvent> events(String run, Instant at) {
		EventFlow flow = new EventFlow("10.0.0.2", "10.1.0.3", 5000, 6000, 17);
		return List.of(
				new TelemetryEvent(null, run + "/0", "xdp:n1/eth0", at, EventKind.CHANGED, "hop_latency", flow + "@11",
						250, 120.0, 11L, null, null, flow, List.of(), new TelemetryEvent.ReportRef(19L, 4242L, 3)),
				new TelemetryEvent(null, run + "/1", "xdp:n1/eth0", at.plusNanos(1500), EventKind.NEW_KEY, "flow_path",
						flow.toString(), 3, null, null, null, null, flow, List.of(11L, 12L, 13L), null),
				new TelemetryEvent(null, run + "/2", "java:n2", at.plusMillis(1), EventKind.NEW_KEY, "queue_occupancy",
						"switch=12/queue=3", 17.5, null, 12L, 3L, null, null, List.of(),
						new TelemetryEvent.ReportRef(null, 7L, null)),
				new TelemetryEvent(null, run + "/3", "java:nöde, with spaces=\"quoted\"", at.plusMillis(2),
						EventKind.CHANGED, "link_utilization", "switch=11/port=4 \"é\"", Double.NaN,
						Double.POSITIVE_INFINITY, 11L, null, 4L, null, List.of(), null));
	}

}
