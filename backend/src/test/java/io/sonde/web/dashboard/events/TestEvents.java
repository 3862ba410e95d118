package io.sonde.web.dashboard.events;

import java.time.Instant;
import java.util.List;

import io.sonde.events.EventFlow;
import io.sonde.events.EventKind;
import io.sonde.events.TelemetryEvent;

/** Events as the event log appends them, for the dashboard's slice tests. */
final class TestEvents {

	static final EventFlow FLOW = new EventFlow("10.0.0.2", "10.1.0.3", 5000, 6000, 17);

	private TestEvents() {
	}

	/** A hop-latency change at switch 13 of a flow over 13, 5, 1, 7, 15, with this id. */
	static TelemetryEvent hopLatency(String id, double value) {
		return new TelemetryEvent(id, "xdp/node/eth0/1/" + id, "xdp:node/eth0", Instant.parse("2026-11-23T10:15:29Z"),
				EventKind.CHANGED, "hop_latency", FLOW + "@13", value, 100.0, 13L, null, null, FLOW,
				List.of(13L, 5L, 1L, 7L, 15L), null);
	}

	/** A new queue key at switch 5, queue 0, with this id. */
	static TelemetryEvent queueOccupancy(String id, double value) {
		return new TelemetryEvent(id, "xdp/node/eth0/1/" + id, "xdp:node/eth0", Instant.parse("2026-11-23T10:15:29Z"),
				EventKind.NEW_KEY, "queue_occupancy", "switch=5/queue=0", value, null, 5L, 0L, null, null, List.of(),
				null);
	}

}
