package io.sonde.emulator.state;

/**
 * The data plane's view of one table: {@code apply} as a P4 program does it. A key holds
 * the match-field values in P4Info order, each right-aligned in its own run of 64-bit
 * words ({@link #keyWords(int)}: one word for up to 64 bits, two for an IPv6 address),
 * and must not carry bits above a field's width.
 * <p>
 * Lookups take no lock and allocate nothing: they read an immutable index that the
 * P4Runtime writer republishes after each Write. Reuse one key array per thread
 * ({@link #newKey()}).
 */
public final class TableLookup {

	private final TableModel model;

	private volatile MatchIndex index = MatchIndex.EMPTY;

	private volatile InstalledEntry defaultEntry;

	private volatile int size;

	TableLookup(TableModel model, InstalledEntry defaultEntry) {
		this.model = model;
		this.defaultEntry = defaultEntry;
	}

	public int tableId() {
		return this.model.id();
	}

	public String name() {
		return this.model.name();
	}

	/** Number of match fields. */
	public int fieldCount() {
		return this.model.layout().fieldCount();
	}

	/** Where the field at {@code fieldIndex} (P4Info order) starts in a key. */
	public int keyOffset(int fieldIndex) {
		return this.model.layout().offset(fieldIndex);
	}

	/** How many words the field at {@code fieldIndex} takes. */
	public int keyWords(int fieldIndex) {
		return this.model.layout().words(fieldIndex);
	}

	/** A key array of the right length, to fill and reuse. */
	public long[] newKey() {
		return new long[this.model.layout().totalWords()];
	}

	/**
	 * The entry a packet with this key hits, or the table's default entry on a miss;
	 * never {@code null}.
	 */
	public InstalledEntry lookup(long[] key) {
		InstalledEntry hit = this.index.find(key);
		return (hit != null) ? hit : this.defaultEntry;
	}

	/** Installed entries, the default entry not counted. */
	public int size() {
		return this.size;
	}

	void publish(MatchIndex newIndex, int newSize) {
		this.index = newIndex;
		this.size = newSize;
	}

	InstalledEntry defaultEntry() {
		return this.defaultEntry;
	}

	void replaceDefault(InstalledEntry entry) {
		this.defaultEntry = entry;
	}

}
