package io.sonde.e2e.collector;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One entry of {@code sonde:stream:events} in version 2 of
 * xdp-collector/REDIS_CONTRACT.md: the origin fields ({@code v}, {@code node},
 * {@code ifname}, {@code run}), {@code count}, and {@code events}, one line per event,
 * each ended by a newline, of {@code name=value} pairs separated by one space.
 */
final class BatchedEventEntry {

	static final String VERSION = "2";

	private BatchedEventEntry() {
	}

	/**
	 * The events of an entry, each as its fields; refuses an entry of another version,
	 * one whose {@code count} is not its number of lines, or a line that is not pairs.
	 */
	static List<Map<String, String>> events(Map<String, String> entry) {
		if (!VERSION.equals(entry.get("v"))) {
			throw new IllegalStateException("entry of another contract version: " + entry);
		}
		String text = entry.get("events");
		if (text == null || text.isEmpty() || !text.endsWith("\n")) {
			throw new IllegalStateException("events field missing or not ended by a newline: " + entry);
		}
		List<Map<String, String>> events = new ArrayList<>();
		for (String line : text.substring(0, text.length() - 1).split("\n", -1)) {
			events.add(line(line));
		}
		if (Long.parseLong(entry.getOrDefault("count", "-1")) != events.size()) {
			throw new IllegalStateException(
					"count " + entry.get("count") + " but " + events.size() + " lines: " + entry);
		}
		return events;
	}

	/** One line: {@code name=value} pairs, one space apart. */
	static Map<String, String> line(String line) {
		Map<String, String> fields = new HashMap<>();
		for (String pair : line.split(" ", -1)) {
			int eq = pair.indexOf('=');
			if (eq <= 0 || fields.put(pair.substring(0, eq), pair.substring(eq + 1)) != null) {
				throw new IllegalStateException("not a line of name=value pairs: '" + line + "'");
			}
		}
		return fields;
	}

}
