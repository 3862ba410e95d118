package io.sonde.ingest.internal;

/** Why an entry of the events stream was parked instead of stored. */
enum DeadLetterReason {

	/** {@code v} is not 1 (a contract this backend does not know). */
	WRONG_VERSION("wrong_version"),
	/** A field the contract requires is absent. */
	MISSING_FIELD("missing_field"),
	/** A field is not what the contract says (not an unsigned decimal, a bad list...). */
	ILL_TYPED_FIELD("ill_typed_field"),
	/** {@code metric} is none of Table I's six. */
	UNKNOWN_METRIC("unknown_metric"),
	/** {@code kind} is neither {@code new_key} nor {@code changed}. */
	UNKNOWN_KIND("unknown_kind");

	private final String wireName;

	DeadLetterReason(String wireName) {
		this.wireName = wireName;
	}

	String wireName() {
		return this.wireName;
	}

}
