package io.sonde.events;

import java.time.Instant;
import java.util.Set;

/**
 * Which events: every field null or empty matches everything.
 *
 * @param from inclusive
 * @param to exclusive
 * @param kinds any of these kinds
 * @param metrics any of these metrics
 * @param switchId events of this switch (switchId, or on the flow's path)
 * @param flow events whose flow's text ({@link EventFlow#toString()}) contains this
 * @param source events of this source
 */
public record EventQuery(Instant from, Instant to, Set<EventKind> kinds, Set<String> metrics, Long switchId,
		String flow, String source) {

	public static final EventQuery ALL = new EventQuery(null, null, Set.of(), Set.of(), null, null, null);

	public EventQuery {
		kinds = (kinds != null) ? Set.copyOf(kinds) : Set.of();
		metrics = (metrics != null) ? Set.copyOf(metrics) : Set.of();
	}

	/** Whether {@code event} is one of these; the live stream filters with it. */
	public boolean matches(TelemetryEvent event) {
		return (this.from == null || !event.detectedAt().isBefore(this.from))
				&& (this.to == null || event.detectedAt().isBefore(this.to))
				&& (this.kinds.isEmpty() || this.kinds.contains(event.kind()))
				&& (this.metrics.isEmpty() || this.metrics.contains(event.metric()))
				&& (this.switchId == null || this.switchId.equals(event.switchId())
						|| event.path().contains(this.switchId))
				&& (this.flow == null || (event.flow() != null && event.flow().toString().contains(this.flow)))
				&& (this.source == null || this.source.equals(event.source()));
	}

}
