package io.sonde.p4runtime.info;

/**
 * A name or id that the loaded P4Info does not define. Usually means the controller and
 * the switch run different programs, so it carries enough to say which object was asked
 * for and where.
 */
public class UnknownP4Entity extends RuntimeException {

	private final P4EntityKind kind;

	private final String key;

	private final String scope;

	public UnknownP4Entity(P4EntityKind kind, String key) {
		this(kind, key, null);
	}

	/**
	 * @param scope the enclosing object (a table for a match field, an action for a
	 * parameter), or {@code null} for top-level objects
	 */
	public UnknownP4Entity(P4EntityKind kind, String key, String scope) {
		super("unknown " + kind.label() + " '" + key + "'" + ((scope != null) ? " in " + scope : ""));
		this.kind = kind;
		this.key = key;
		this.scope = scope;
	}

	/** An id, printed in hex because P4Info ids carry their kind in the top byte. */
	public static UnknownP4Entity ofId(P4EntityKind kind, long id, String scope) {
		return new UnknownP4Entity(kind, String.format("0x%08x", id), scope);
	}

	public P4EntityKind kind() {
		return this.kind;
	}

	/** The name, alias or hex id that was looked up. */
	public String key() {
		return this.key;
	}

	/** The enclosing object, or {@code null}. */
	public String scope() {
		return this.scope;
	}

}
