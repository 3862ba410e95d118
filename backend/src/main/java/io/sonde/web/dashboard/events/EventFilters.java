package io.sonde.web.dashboard.events;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import io.sonde.events.EventKind;
import io.sonde.events.EventQuery;

/**
 * The Events page's filters (query parameters {@code kind}, {@code metric},
 * {@code switch}, {@code flow}, and for history {@code from}, {@code to}) as an
 * {@link EventQuery}. Blank values mean "any", as the page's empty choices send them.
 */
final class EventFilters {

	private static final Pattern METRIC = Pattern.compile("[a-z][a-z0-9_]{0,63}");

	private EventFilters() {
	}

	static EventQuery parse(List<String> kinds, List<String> metrics, String switchId, String flow) {
		return parse(kinds, metrics, switchId, flow, null, null);
	}

	static EventQuery parse(List<String> kinds, List<String> metrics, String switchId, String flow, String from,
			String to) {
		return new EventQuery(instant("from", from), instant("to", to), kinds(kinds), metrics(metrics),
				switchId(switchId), blankToNull(flow), null);
	}

	private static Set<EventKind> kinds(List<String> values) {
		Set<EventKind> kinds = EnumSet.noneOf(EventKind.class);
		for (String value : nonBlank(values)) {
			try {
				kinds.add(EventKind.valueOf(value.trim().toUpperCase(Locale.ROOT)));
			}
			catch (IllegalArgumentException ex) {
				throw new InvalidEventFilter("kind",
						"'" + value + "' is not one of "
								+ EnumSet.allOf(EventKind.class)
									.stream()
									.map((kind) -> kind.name().toLowerCase(Locale.ROOT))
									.collect(Collectors.joining(", ")));
			}
		}
		return kinds;
	}

	private static Set<String> metrics(List<String> values) {
		List<String> metrics = nonBlank(values).stream().map(String::trim).toList();
		for (String metric : metrics) {
			if (!METRIC.matcher(metric).matches()) {
				throw new InvalidEventFilter("metric", "'" + metric + "' is not a metric name (snake_case)");
			}
		}
		return Set.copyOf(metrics);
	}

	private static Long switchId(String value) {
		String text = blankToNull(value);
		if (text == null) {
			return null;
		}
		try {
			long id = Long.parseLong(text);
			if (id < 0) {
				throw new InvalidEventFilter("switch", "'" + text + "' is negative; switch ids are unsigned");
			}
			return id;
		}
		catch (NumberFormatException ex) {
			throw new InvalidEventFilter("switch", "'" + text + "' is not a switch id (a number)");
		}
	}

	private static Instant instant(String field, String value) {
		String text = blankToNull(value);
		if (text == null) {
			return null;
		}
		try {
			return Instant.parse(text);
		}
		catch (DateTimeParseException ex) {
			throw new InvalidEventFilter(field, "'" + text + "' is not an ISO-8601 instant (2026-11-23T10:15:30Z)");
		}
	}

	private static List<String> nonBlank(List<String> values) {
		return (values != null) ? values.stream().filter((value) -> value != null && !value.isBlank()).toList()
				: List.of();
	}

	private static String blankToNull(String value) {
		return (value == null || value.isBlank()) ? null : value.trim();
	}

}
