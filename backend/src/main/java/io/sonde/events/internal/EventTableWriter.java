package io.sonde.events.internal;

import java.util.List;

import io.sonde.events.TelemetryEvent;
import io.sonde.store.TimeSeriesStore;

/**
 * Writes events as rows of the {@code events} table ({@link EventRows}), all or none:
 * returned means stored.
 */
interface EventTableWriter {

	/**
	 * @param beforeCommit run once the rows are ready, right before they are committed
	 * (where {@link AppendOrder} waits its turn)
	 * @throws io.sonde.store.TimeSeriesUnavailable when the store cannot take them
	 * @throws io.sonde.store.TimeSeriesRejected when the store refuses them
	 */
	void write(List<TelemetryEvent> events, Runnable beforeCommit);

	/**
	 * Rows rendered as line protocol through the store's public face: the path for every
	 * store, embedded or not.
	 */
	static EventTableWriter lineProtocol(TimeSeriesStore store) {
		return (events, beforeCommit) -> {
			StringBuilder lines = new StringBuilder(events.size() * 320);
			for (TelemetryEvent event : events) {
				EventRows.appendLine(lines, event);
			}
			beforeCommit.run();
			store.writeLineProtocol(lines.toString());
		};
	}

}
