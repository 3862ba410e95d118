package io.sonde.switches;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One entity a switch holds, with the pipeline's names: a table entry, a counter cell or
 * a register cell.
 *
 * @param kind {@code table}, {@code counter}, {@code register}, {@code clone-session},
 * {@code action-profile-member} or {@code action-profile-group}
 * @param name the table, counter or register
 * @param key match fields ({@code field -> value}, e.g. {@code dst_addr -> 10.0.0.2/32})
 * for a table entry, {@code index} for a cell
 * @param value action and parameters for a table entry ({@code action -> ...}),
 * {@code packets}/{@code bytes} for a counter, {@code value} for a register
 * @param priority the entry's priority; 0 where there is none
 */
public record InstalledEntity(String kind, String name, Map<String, String> key, Map<String, String> value,
		int priority) {

	public InstalledEntity {
		key = Collections.unmodifiableMap(new LinkedHashMap<>(key));
		value = Collections.unmodifiableMap(new LinkedHashMap<>(value));
	}

}
