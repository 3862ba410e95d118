package io.sonde.store;

import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * A request for one numeric field of one measurement, filtered by tag values, over a
 * half-open time range [from, to). Names are checked here because they end up as
 * identifiers in SQL or Flux; values are always passed as parameters.
 */
public record SeriesQuery(String measurement, String field, Map<String, String> tags, Instant from, Instant to) {

	private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_]{0,62}");

	public SeriesQuery {
		requireIdentifier(measurement, "measurement");
		requireIdentifier(field, "field");
		tags = Map.copyOf(tags);
		tags.keySet().forEach((tag) -> requireIdentifier(tag, "tag"));
		Objects.requireNonNull(from, "from");
		Objects.requireNonNull(to, "to");
		if (!from.isBefore(to)) {
			throw new IllegalArgumentException("query range is empty: from " + from + " is not before to " + to);
		}
	}

	private static void requireIdentifier(String name, String what) {
		if (name == null || !IDENTIFIER.matcher(name).matches()) {
			throw new IllegalArgumentException("invalid " + what + " name: '" + name + "'");
		}
	}

}
