package io.sonde.ingest.internal;

/** An entry that breaks the contract: why, and which field. */
final class MalformedEntry extends Exception {

	private final DeadLetterReason reason;

	private final String field;

	MalformedEntry(DeadLetterReason reason, String field, String detail) {
		super(field + ": " + detail, null, false, false);
		this.reason = reason;
		this.field = field;
	}

	DeadLetterReason reason() {
		return this.reason;
	}

	String field() {
		return this.field;
	}

}
