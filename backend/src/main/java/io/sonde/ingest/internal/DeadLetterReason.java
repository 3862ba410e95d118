package io.sonde.ingest.internal;

/** Why an entry of the events stream was parked instead of stored. */
enum DeadLetterReason {

	/** {@code v} is not 1 or 2 (a contract this backend does not know). */
	WRONG_VERSION("wrong_version"),
	/** A field the contract requires is absent. */
	MISSING_FIELD("missing_field"),
	/** A field is not what the contract says (not an unsigned decimal, a bad list...). */
	ILL_TYPED_FIELD("ill_typed_field"),
	/** {@code metric} is none of Table I's six. */
	UNKNOWN_METRIC("unknown_metric"),
	/** {@code kind} is neither {@code new_key} nor {@code changed}. */
	UNKNOWN_KIND("unknown_kind"),
	/**
	 * A version-2 entry's {@code count} does not match the lines of its {@code events}.
	 */
	BAD_BATCH("bad_batch"),
	/** A line of a version-2 entry is not {@code name=value} pairs. */
	BAD_LINE("bad_line");

	private final String wireName;

	DeadLetterReason(String wireName) {
		this.wireName = wireName;
	}

	String wireName() {
		return this.wireName;
	}

}
