package io.sonde.p4runtime.entity;

import io.grpc.Status;
import io.sonde.p4runtime.info.P4InfoIndex;
import p4.config.v1.Counter;
import p4.v1.CounterEntry;
import p4.v1.DirectCounterEntry;
import p4.v1.Index;
import p4.v1.TableEntry;

/** Read filters for indexed and direct counters (spec §9.3, §9.4). */
public final class CounterEntries {

	private final P4InfoIndex p4Info;

	public CounterEntries(P4InfoIndex p4Info) {
		this.p4Info = p4Info;
	}

	/** One cell of an indexed counter. */
	public CounterEntry read(String counter, long index) {
		Counter info = this.p4Info.counter(counter);
		if (index < 0) {
			throw InvalidEntity.invalid(describe(info), "negative index " + index);
		}
		if (index >= info.getSize()) {
			throw new InvalidEntity(describe(info), Status.Code.OUT_OF_RANGE,
					"index " + index + " is beyond size " + info.getSize());
		}
		return CounterEntry.newBuilder()
			.setCounterId(info.getPreamble().getId())
			.setIndex(Index.newBuilder().setIndex(index))
			.build();
	}

	/** Every cell of one counter: the index stays unset. */
	public CounterEntry readAll(String counter) {
		return CounterEntry.newBuilder().setCounterId(this.p4Info.counter(counter).getPreamble().getId()).build();
	}

	/** Every cell of every counter: counter_id 0. */
	public CounterEntry readEveryCounter() {
		return CounterEntry.getDefaultInstance();
	}

	/** The direct counter cell of one table entry; only its key is used. */
	public DirectCounterEntry readDirect(TableEntry entry) {
		TableEntry key = entry.toBuilder().clearAction().build();
		return DirectCounterEntry.newBuilder().setTableEntry(key).build();
	}

	/** Every direct counter cell of a table. */
	public DirectCounterEntry readAllDirect(String table) {
		TableEntry filter = TableEntry.newBuilder().setTableId(this.p4Info.table(table).id()).build();
		return DirectCounterEntry.newBuilder().setTableEntry(filter).build();
	}

	private static String describe(Counter info) {
		return "counter " + info.getPreamble().getName();
	}

}
