package io.sonde.probes.session;

import java.lang.System.Logger.Level;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.sonde.events.EventKind;
import io.sonde.events.EventLog;
import io.sonde.events.TelemetryEvent;
import io.sonde.probes.ProbeSession;
import io.sonde.probes.ProbeSession.ComponentVerdict;
import io.sonde.probes.ProbeSession.SwitchReading;

/**
 * A finished session in the event pipeline (the events module's log: stored, streamed
 * live, exported as metrics): each component of A as a {@code COVERAGE} event
 * ({@value #COMPONENT}: 0 unavailable, 1 congested), the session's figures, and each
 * switch's reading. Origins are {@code probes/<session>/<metric>/<key>}, so a session
 * published twice is stored once.
 */
final class SessionEvents {

	static final String SOURCE = "probes";

	static final String COMPONENT = "probe_component";

	private static final System.Logger logger = System.getLogger(SessionEvents.class.getName());

	private final EventLog log;

	SessionEvents(EventLog log) {
		this.log = log;
	}

	/** Appends the session's events; a store that refuses them is logged, not thrown. */
	void publish(ProbeSession session) {
		List<TelemetryEvent> events = events(session);
		if (events.isEmpty()) {
			return;
		}
		try {
			this.log.append(events);
		}
		catch (RuntimeException ex) {
			logger.log(Level.WARNING, "events of probe session " + session.id() + " not stored: " + ex.getMessage());
		}
	}

	static List<TelemetryEvent> events(ProbeSession session) {
		Instant at = (session.finishedAt() != null) ? session.finishedAt() : session.startedAt();
		List<TelemetryEvent> events = new ArrayList<>();
		for (ComponentVerdict verdict : session.components()) {
			events.add(event(session, at, EventKind.COVERAGE, COMPONENT, verdict.kind() + " " + verdict.component(),
					verdict.status().equals("unavailable") ? 0 : 1, null, null));
		}
		if (session.collectionLatencyMs() != null) {
			events.add(event(session, at, EventKind.CHANGED, "probe_collection_latency_ms", "session",
					session.collectionLatencyMs(), null, null));
		}
		events.add(event(session, at, EventKind.CHANGED, "probe_probes_lost", "session", session.probesLost(), null,
				null));
		events.add(event(session, at, EventKind.CHANGED, "probe_recovery_probes", "session",
				session.recoveryProbesSent(), null, null));
		String counter = session.settings().requestType().equals("rule_hits") ? "probe_rule_hits"
				: "probe_port_packets";
		for (Map.Entry<String, SwitchReading> entry : session.telemetry().entrySet()) {
			SwitchReading reading = entry.getValue();
			long switchId = reading.switchId();
			events.add(event(session, reading.receivedAt(), EventKind.CHANGED, "probe_queue_depth",
					"switch " + entry.getKey(), reading.queueDepth(), switchId, null));
			for (int i = 0; i < reading.measurements().size(); i++) {
				long index = reading.firstIndex() + i;
				events.add(event(session, reading.receivedAt(), EventKind.CHANGED, counter,
						entry.getKey() + "/" + index, reading.measurements().get(i), switchId,
						counter.equals("probe_port_packets") ? index : null));
			}
		}
		return events;
	}

	private static TelemetryEvent event(ProbeSession session, Instant at, EventKind kind, String metric, String key,
			double value, Long switchId, Long port) {
		return new TelemetryEvent(null, SOURCE + "/" + session.id() + "/" + metric + "/" + key, SOURCE, at, kind,
				metric, key, value, null, switchId, null, port, null, List.of(), null);
	}

}
