package io.sonde.events.web;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Set;

import io.sonde.events.EventKind;
import io.sonde.events.EventLog;
import io.sonde.events.EventQuery;
import io.sonde.events.EventQueryRejected;

/** Query parameters to an {@link EventQuery}, naming the parameter that is wrong. */
final class EventQueryParameters {

	private EventQueryParameters() {
	}

	static EventQuery parse(String from, String to, String kind, String metric, String switchId, String flow,
			String source) {
		Instant start = instant("from", from);
		Instant end = instant("to", to);
		if (start != null && end != null && !start.isBefore(end)) {
			throw new EventQueryRejected("to", "must be after from");
		}
		Set<EventKind> kinds = new LinkedHashSet<>();
		for (String name : list(kind)) {
			try {
				kinds.add(EventKind.valueOf(name.toUpperCase(Locale.ROOT)));
			}
			catch (IllegalArgumentException ex) {
				throw new EventQueryRejected("kind", "unknown kind '" + name + "'");
			}
		}
		Long sw = null;
		if (blank(switchId) == null) {
			sw = null;
		}
		else {
			try {
				sw = Long.parseLong(switchId.trim());
			}
			catch (NumberFormatException ex) {
				throw new EventQueryRejected("switch", "not a switch id: " + switchId);
			}
		}
		return new EventQuery(start, end, kinds, list(metric), sw, blank(flow), blank(source));
	}

	static int limit(String limit, int otherwise) {
		if (blank(limit) == null) {
			return otherwise;
		}
		try {
			int value = Integer.parseInt(limit.trim());
			if (value >= 1 && value <= EventLog.MAX_PAGE) {
				return value;
			}
		}
		catch (NumberFormatException ex) {
			// reported below
		}
		throw new EventQueryRejected("limit", "must be a number from 1 to " + EventLog.MAX_PAGE + ": " + limit);
	}

	private static Instant instant(String name, String text) {
		if (blank(text) == null) {
			return null;
		}
		try {
			return Instant.parse(text.trim());
		}
		catch (DateTimeParseException ex) {
			throw new EventQueryRejected(name, "not an ISO-8601 instant (2026-01-01T00:00:00Z): " + text);
		}
	}

	private static Set<String> list(String text) {
		Set<String> values = new LinkedHashSet<>();
		if (text != null) {
			for (String value : text.split(",")) {
				if (!value.isBlank()) {
					values.add(value.trim());
				}
			}
		}
		return values;
	}

	private static String blank(String text) {
		return (text == null || text.isBlank()) ? null : text;
	}

}
