package io.sonde.store;

import io.sonde.store.internal.questdb.SqlExecutor;

/**
 * A table of the tests' own for the store's generic write and read path: per-port
 * counters with two tags and five fields, a WAL table with DEDUP UPSERT KEYS as the
 * migrations make theirs. The store writes only to tables that exist, and no migrated
 * table has this shape, so the tests and the write benchmark create it.
 */
public final class PortCountersTable {

	public static final String NAME = "test_port_counters";

	private PortCountersTable() {
	}

	/** Creates the table unless it is there already. */
	public static void create(SqlExecutor sql) {
		sql.execute("CREATE TABLE IF NOT EXISTS " + NAME + " (ts TIMESTAMP, switch_id SYMBOL CAPACITY 4096 CACHE, "
				+ "port SYMBOL CAPACITY 65536 CACHE, rx_packets LONG, tx_packets LONG, rx_bytes LONG, tx_bytes LONG, "
				+ "drops LONG, tx_utilization DOUBLE, queue_occupancy LONG) TIMESTAMP(ts) PARTITION BY DAY WAL "
				+ "DEDUP UPSERT KEYS(ts, switch_id, port)");
	}

}
