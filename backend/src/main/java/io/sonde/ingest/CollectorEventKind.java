package io.sonde.ingest;

/** Why an event fired (paper Section III-D; {@code enum collector_event_kind}). */
public enum CollectorEventKind {

	/** The key was not in the table. */
	NEW_KEY("new_key"),
	/** |new - last reported| > T(m); for a flow path, any change of its switch ids. */
	CHANGED("changed");

	private final String wireName;

	CollectorEventKind(String wireName) {
		this.wireName = wireName;
	}

	/** The name the XDP collector prints. */
	public String wireName() {
		return this.wireName;
	}

	/** The kind printed as {@code name}. */
	public static CollectorEventKind ofWireName(String name) {
		for (CollectorEventKind kind : values()) {
			if (kind.wireName.equals(name)) {
				return kind;
			}
		}
		throw new IllegalArgumentException("unknown event kind: " + name);
	}

}
