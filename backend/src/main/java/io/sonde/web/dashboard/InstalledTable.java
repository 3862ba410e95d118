package io.sonde.web.dashboard;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import io.sonde.switches.InstalledEntity;

/**
 * One table of the switch as read from it, for the switch page: its entries, or why it
 * could not be read.
 *
 * @param title for people ("INT watchlist")
 * @param table the P4 table name
 * @param entries what the switch holds, one line per entry
 * @param problem why the table could not be read; null when it was
 */
public record InstalledTable(String title, String table, List<Entry> entries, String problem) {

	static InstalledTable read(String title, String table, List<InstalledEntity> installed) {
		return new InstalledTable(title, table, installed.stream().map(Entry::of).toList(), null);
	}

	static InstalledTable unreadable(String title, String table, String problem) {
		return new InstalledTable(title, table, List.of(), problem);
	}

	/**
	 * @param match the match fields, {@code field=value} joined by spaces
	 * @param action the action and its parameters
	 * @param priority the priority, empty where there is none
	 */
	public record Entry(String match, String action, String priority) {

		static Entry of(InstalledEntity entity) {
			return new Entry(joined(entity.key()), joined(entity.value()),
					(entity.priority() != 0) ? Integer.toString(entity.priority()) : "");
		}

		private static String joined(Map<String, String> fields) {
			return fields.entrySet()
				.stream()
				.map((field) -> field.getKey() + "=" + field.getValue())
				.collect(Collectors.joining(" "));
		}

	}

}
