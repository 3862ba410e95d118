package io.sonde.alerts.internal;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import io.sonde.events.EventFlow;
import io.sonde.events.EventKind;
import io.sonde.events.TelemetryEvent;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A series' labels, its equality, and a fingerprint that tells apart flows differing in
 * one field only (a destination address with a negative string hash included).
 */
class EventSeriesTests {

	private static final EventFlow FLOW = new EventFlow("10.0.0.2", "192.168.10.20", 5000, 6000, 17);

	@Test
	void labelsNameTheSwitchWhenKnownAndEachFieldTheEventsCarry() {
		EventSeries full = new EventSeries(3L, 1L, 7L, FLOW, "hop_latency");

		assertThat(full.labels(Map.of(3L, "edge-0-0"))).containsExactly(Map.entry("flow", FLOW.toString()),
				Map.entry("metric", "hop_latency"), Map.entry("port", "7"), Map.entry("queue", "1"),
				Map.entry("switch", "edge-0-0"));
		assertThat(full.labels(Map.of())).containsEntry("switch", "3");
		assertThat(new EventSeries(null, null, null, null, "coverage").labels(Map.of()))
			.containsExactly(Map.entry("metric", "coverage"));
	}

	@Test
	void seriesAreEqualOnlyWithEveryFieldEqual() {
		EventSeries series = new EventSeries(3L, 1L, 7L, FLOW, "hop_latency");

		assertThat(series).isEqualTo(new EventSeries(3L, 1L, 7L, FLOW, "hop_latency"))
			.hasSameHashCodeAs(new EventSeries(3L, 1L, 7L, FLOW, "hop_latency"))
			.isNotEqualTo(new EventSeries(4L, 1L, 7L, FLOW, "hop_latency"))
			.isNotEqualTo(new EventSeries(3L, 2L, 7L, FLOW, "hop_latency"))
			.isNotEqualTo(new EventSeries(3L, 1L, 8L, FLOW, "hop_latency"))
			.isNotEqualTo(new EventSeries(3L, 1L, 7L, null, "hop_latency"))
			.isNotEqualTo(new EventSeries(3L, 1L, 7L, FLOW, "queue_occupancy"));
	}

	@Test
	void fingerprintsTellApartFlowsDifferingInOneField() {
		long base = fingerprint(FLOW);

		assertThat(fingerprint(new EventFlow("10.0.0.3", "192.168.10.20", 5000, 6000, 17))).isNotEqualTo(base);
		assertThat(fingerprint(new EventFlow("10.0.0.2", "192.168.10.21", 5000, 6000, 17))).isNotEqualTo(base);
		assertThat(fingerprint(new EventFlow("10.0.0.2", "192.168.10.20", 5001, 6000, 17))).isNotEqualTo(base);
		assertThat(fingerprint(new EventFlow("10.0.0.2", "192.168.10.20", 5000, 6001, 17))).isNotEqualTo(base);
		assertThat(fingerprint(new EventFlow("10.0.0.2", "192.168.10.20", 5000, 6000, 6))).isNotEqualTo(base);
		assertThat(fingerprint(null)).isNotEqualTo(base).isNotZero();
	}

	private static long fingerprint(EventFlow flow) {
		return EventSeries.fingerprint(new TelemetryEvent(null, "o", "test", Instant.EPOCH, EventKind.CHANGED,
				"hop_latency", "k", 1, null, 3L, null, null, flow, List.of(), null));
	}

}
