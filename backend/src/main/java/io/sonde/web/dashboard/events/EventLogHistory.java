package io.sonde.web.dashboard.events;

import io.sonde.events.EventLog;
import io.sonde.events.EventQuery;
import io.sonde.events.EventQueryRejected;

import org.springframework.stereotype.Component;

/** History mode's pages from the events module's store. */
@Component
class EventLogHistory implements EventHistory {

	private final EventLog log;

	EventLogHistory(EventLog log) {
		this.log = log;
	}

	@Override
	public EventPage find(EventQuery query, String cursor, int limit) {
		try {
			io.sonde.events.EventPage page = this.log.query(query, cursor, limit);
			return new EventPage(page.events(), page.nextCursor());
		}
		catch (EventQueryRejected rejected) {
			throw new InvalidEventFilter(rejected.field(), rejected.getMessage());
		}
	}

}
