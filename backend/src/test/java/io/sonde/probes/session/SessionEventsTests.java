package io.sonde.probes.session;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import io.sonde.events.EventKind;
import io.sonde.events.TelemetryEvent;
import io.sonde.probes.ProbeSession;
import io.sonde.probes.ProbeSession.ComponentVerdict;
import io.sonde.probes.ProbeSession.Settings;
import io.sonde.probes.ProbeSession.SwitchReading;
import io.sonde.probes.SessionStatus;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** A finished session as events: A, the figures, each switch's reading. */
class SessionEventsTests {

	private static final Instant START = Instant.parse("2026-11-27T10:00:00Z");

	private static final Instant END = START.plusMillis(1700);

	@Test
	void publishesEachMarkedComponentTheFiguresAndEveryReading() {
		ProbeSession session = new ProbeSession("ps-7", SessionStatus.COMPLETED, "on-demand", "r1",
				new Settings("gpint", 1, null, 0, "paper", 1500, 10, 100, 12, true, "port_packets"), START, END,
				"ring@" + START, List.of(), null, Map.of("s2", new SwitchReading(2, 4, List.of(10L, 20L), 1, 0, END)),
				1700L, 2, 1, 1, 2, 1, List.of(new ComponentVerdict("link", "s2--s3", "congested", START, END),
						new ComponentVerdict("switch", "s9", "unavailable", START, START)),
				null);

		List<TelemetryEvent> events = SessionEvents.events(session);

		assertThat(events).filteredOn((event) -> event.kind() == EventKind.COVERAGE)
			.extracting(TelemetryEvent::key, TelemetryEvent::value)
			.containsExactly(org.assertj.core.groups.Tuple.tuple("link s2--s3", 1.0),
					org.assertj.core.groups.Tuple.tuple("switch s9", 0.0));
		assertThat(events).extracting(TelemetryEvent::metric)
			.contains("probe_collection_latency_ms", "probe_probes_lost", "probe_recovery_probes", "probe_queue_depth");
		assertThat(events).filteredOn((event) -> event.metric().equals("probe_port_packets"))
			.extracting(TelemetryEvent::key, TelemetryEvent::port, TelemetryEvent::value)
			.containsExactly(org.assertj.core.groups.Tuple.tuple("s2/1", 1L, 10.0),
					org.assertj.core.groups.Tuple.tuple("s2/2", 2L, 20.0));
		assertThat(events).allSatisfy((event) -> {
			assertThat(event.source()).isEqualTo("probes");
			assertThat(event.origin()).startsWith("probes/ps-7/");
		});
		assertThat(events).extracting(TelemetryEvent::origin).doesNotHaveDuplicates();
	}

}
