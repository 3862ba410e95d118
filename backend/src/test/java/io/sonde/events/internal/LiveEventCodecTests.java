package io.sonde.events.internal;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import io.sonde.events.EventFlow;
import io.sonde.events.EventKind;
import io.sonde.events.TelemetryEvent;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Live-stream entries: every attribute of an event survives the trip, ids follow the
 * entry.
 */
class LiveEventCodecTests {

	private static final Instant AT = Instant.parse("2026-11-25T10:00:00.123456789Z");

	@Test
	void everyAttributeSurvivesAnEntry() {
		TelemetryEvent flowPath = new TelemetryEvent(null, "xdp/n1/eth0/1/7", "xdp:n1/eth0", AT, EventKind.NEW_KEY,
				"flow_path", "10.0.0.2:5000>10.1.0.3:6000/17", 4, null, null, null, null,
				new EventFlow("10.0.0.2", "10.1.0.3", 5000, 6000, 17), List.of(11L, 12L, 13L, 19L),
				new TelemetryEvent.ReportRef(19L, 4_194_303L, 63));
		TelemetryEvent queue = new TelemetryEvent(null, "probe run 3 % done=yes", "agent: n 2", AT.plusNanos(1),
				EventKind.CHANGED, "queue_occupancy", "switch=12/queue=3", 1.5e12, 17.25, 12L, 3L, null, null,
				List.of(), null);
		TelemetryEvent undefined = new TelemetryEvent(null, "labeling/1", "labeling", AT.plusSeconds(1),
				EventKind.THRESHOLD, "coverage\nline", "all", Double.NaN, Double.NEGATIVE_INFINITY, null, null, 7L,
				null, List.of(), new TelemetryEvent.ReportRef(null, 5L, null));

		List<TelemetryEvent> read = LiveEntries.events("1764064800000-3",
				asRead(LiveEntries.fields(List.of(flowPath, queue, undefined))));

		assertThat(read).containsExactly(flowPath.withId("1764064800000-3:0"), queue.withId("1764064800000-3:1"),
				undefined.withId("1764064800000-3:2"));
	}

	@Test
	void anEntryNamesItsSourcesSoTheTailCanSkipIt() {
		TelemetryEvent one = new TelemetryEvent(null, "o1", "xdp:a/eth0", AT, EventKind.CHANGED, "hop_latency", "k", 1,
				0.0, 1L, null, null, null, List.of(), null);
		Map<String, String> entry = asRead(LiveEntries.fields(List.of(one, one.withId(null))));

		assertThat(LiveEntries.mayHoldSource(entry, "xdp:a/eth0")).isTrue();
		assertThat(LiveEntries.mayHoldSource(entry, "xdp:b/eth0")).isFalse();
		assertThat(LiveEntries.mayHoldSource(Map.of("events", ""), "xdp:b/eth0")).isTrue();
	}

	@Test
	void anEntryOfTheFormerShapeStillReads() {
		String json = "{\"origin\":\"o\",\"source\":\"s\",\"detectedAt\":\"2026-11-25T10:00:00Z\",\"kind\":\"CHANGED\","
				+ "\"metric\":\"m\",\"key\":\"k\",\"value\":2.0,\"previous\":1.0,\"path\":[]}";

		List<TelemetryEvent> read = LiveEntries.events("5-0", Map.of("event", json));

		assertThat(read).singleElement().satisfies((event) -> {
			assertThat(event.id()).isEqualTo("5-0:0");
			assertThat(event.value()).isEqualTo(2.0);
		});
	}

	@Test
	void somethingElseIsRefused() {
		assertThatIllegalArgumentException().isThrownBy(() -> LiveEntries.events("5-0", Map.of("other", "x")));
		assertThatIllegalArgumentException()
			.isThrownBy(() -> LiveEntries.events("5-0", Map.of("events", "origin=o source\n")));
	}

	/** An entry's fields as the live stream's reader gets them back from Redis. */
	private static Map<String, String> asRead(Map<String, byte[]> written) {
		Map<String, String> read = new java.util.HashMap<>();
		written.forEach((name, value) -> read.put(name, new String(value, java.nio.charset.StandardCharsets.UTF_8)));
		return read;
	}

}
