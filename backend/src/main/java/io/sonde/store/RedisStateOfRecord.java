package io.sonde.store;

import java.util.List;

/**
 * A family of Redis keys a module keeps as state of record: what an operator must import
 * again when Redis loses its data. Each module declares its own as a bean; the store
 * lists them after a loss.
 *
 * @param name what it is, e.g. "switch registry"
 * @param keys its keys; it counts as present when any of them exists
 * @param restore how to import it again (the API call or setting)
 */
public record RedisStateOfRecord(String name, List<String> keys, String restore) {

	public RedisStateOfRecord {
		keys = List.copyOf(keys);
	}

}
