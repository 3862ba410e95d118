package io.sonde.p4runtime.entity;

import p4.v1.CounterEntry;
import p4.v1.Entity;
import p4.v1.RegisterEntry;
import p4.v1.TableEntry;
import p4.v1.Update;

/**
 * Update messages. Counters and registers only offer MODIFY: servers answer INSERT/DELETE
 * on them with INVALID_ARGUMENT (spec §9.3, §9.7).
 */
public final class Updates {

	private Updates() {
	}

	public static Update of(Update.Type type, Entity entity) {
		return Update.newBuilder().setType(type).setEntity(entity).build();
	}

	public static Update insert(TableEntry entry) {
		return of(Update.Type.INSERT, Entities.of(entry));
	}

	public static Update modify(TableEntry entry) {
		return of(Update.Type.MODIFY, Entities.of(entry));
	}

	/** Only the key (table, match, priority) of the entry matters for a DELETE. */
	public static Update delete(TableEntry entry) {
		return of(Update.Type.DELETE, Entities.of(entry));
	}

	public static Update modify(RegisterEntry entry) {
		return of(Update.Type.MODIFY, Entities.of(entry));
	}

	public static Update modify(CounterEntry entry) {
		return of(Update.Type.MODIFY, Entities.of(entry));
	}

}
