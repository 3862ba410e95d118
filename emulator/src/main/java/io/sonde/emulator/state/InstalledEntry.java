package io.sonde.emulator.state;

import java.util.concurrent.atomic.AtomicLong;

import p4.v1.CounterData;
import p4.v1.TableAction;
import p4.v1.TableEntry;

/**
 * A table entry as the data plane sees it: what it matches (precomputed key words), the
 * action it runs and its direct counter. The default entry of a table is an instance too,
 * so a lookup always returns something to run.
 * <p>
 * The action is swapped atomically by a MODIFY; match and priority never change (they are
 * the entry's identity), so a new match means a new entry.
 */
public final class InstalledEntry {

	private final EntryKey key;

	private final long[] value;

	private final long[] mask;

	private final RangeMatch[] ranges;

	private final int prefixLength;

	private final long sequence;

	private final AtomicLong packets = new AtomicLong();

	private final AtomicLong bytes = new AtomicLong();

	private volatile ActionCall action;

	// Entries of indirect tables name a member or group instead of an action.
	private volatile IndirectAction indirect;

	// What a read returns, apart from counter data; written under the table's write lock.
	private volatile TableEntry stored;

	InstalledEntry(EntryKey key, long[] value, long[] mask, RangeMatch[] ranges, int prefixLength, long sequence,
			ActionCall action, TableEntry stored) {
		this.key = key;
		this.value = value;
		this.mask = mask;
		this.ranges = ranges;
		this.prefixLength = prefixLength;
		this.sequence = sequence;
		this.action = action;
		this.stored = stored;
	}

	/** The entry a table runs on a miss. */
	static InstalledEntry defaultEntry(int tableId, ActionCall action) {
		return new InstalledEntry(null, new long[0], new long[0], new RangeMatch[0], -1, -1, action,
				defaultMessage(tableId, action));
	}

	static TableEntry defaultMessage(int tableId, ActionCall action) {
		TableEntry.Builder entry = TableEntry.newBuilder().setTableId(tableId).setIsDefaultAction(true);
		if (!action.isNone()) {
			entry.setAction(TableAction.newBuilder().setAction(action.toProto()));
		}
		return entry.build();
	}

	/** True for the entry a table runs when no other matches. */
	public boolean isDefault() {
		return this.key == null;
	}

	/**
	 * The action to run, read once per packet; {@code NoAction}'s empty call for an entry
	 * of an indirect table, whose action is {@link #indirect()}.
	 */
	public ActionCall action() {
		return this.action;
	}

	/**
	 * The member or group an entry of an indirect table names, resolved through the
	 * table's {@link ActionProfileLookup}; null in a direct table.
	 */
	public IndirectAction indirect() {
		return this.indirect;
	}

	/** Counts one packet of {@code byteCount} bytes on the entry's direct counter. */
	public void count(long byteCount) {
		this.packets.incrementAndGet();
		this.bytes.addAndGet(byteCount);
	}

	public long packets() {
		return this.packets.get();
	}

	public long bytes() {
		return this.bytes.get();
	}

	/** Priority of the entry (0 in tables without ternary, range or optional fields). */
	public int priority() {
		return (this.key != null) ? this.key.priority() : 0;
	}

	EntryKey key() {
		return this.key;
	}

	long[] value() {
		return this.value;
	}

	long[] mask() {
		return this.mask;
	}

	int prefixLength() {
		return this.prefixLength;
	}

	long sequence() {
		return this.sequence;
	}

	TableEntry stored() {
		return this.stored;
	}

	void replace(ActionCall newAction, TableEntry newStored) {
		this.action = newAction;
		this.stored = newStored;
	}

	void replace(IndirectAction newIndirect, TableEntry newStored) {
		this.indirect = newIndirect;
		this.stored = newStored;
	}

	CounterData counterData() {
		return CounterData.newBuilder().setPacketCount(this.packets.get()).setByteCount(this.bytes.get()).build();
	}

	void setCounter(CounterData data) {
		this.packets.set(data.getPacketCount());
		this.bytes.set(data.getByteCount());
	}

	/** Ternary/range/optional matching: every masked word equal, every range holds. */
	boolean matches(long[] key) {
		long[] v = this.value;
		long[] m = this.mask;
		for (int i = 0; i < v.length; i++) {
			if ((key[i] & m[i]) != v[i]) {
				return false;
			}
		}
		for (RangeMatch range : this.ranges) {
			if (!range.contains(key)) {
				return false;
			}
		}
		return true;
	}

}
