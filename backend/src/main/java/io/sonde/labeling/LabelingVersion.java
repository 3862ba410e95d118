package io.sonde.labeling;

import java.time.Instant;

/**
 * One stored version of the labeling parameters.
 *
 * @param version 1, 2, ... in the order they were made
 * @param author who made it
 * @param at when
 * @param comment why, as the author said, or what a rollback restored
 * @param document the parameters; for {@link Kind#OFF} the ones in force before, kept for
 * reference (nothing labels)
 * @param kind how it came to be
 */
public record LabelingVersion(long version, String author, Instant at, String comment, LabelingDocument document,
		Kind kind) {

	public LabelingVersion {
		kind = (kind != null) ? kind : Kind.APPLY;
		document = (document != null) ? document : new LabelingDocument(null, null);
	}

	/** Whether this version turned labeling off on every switch. */
	public boolean labelingOff() {
		return this.kind == Kind.OFF;
	}

	/** How a version came to be. */
	public enum Kind {

		/** Parameters applied ({@code PUT}). */
		APPLY,
		/** An earlier version's parameters applied again. */
		ROLLBACK,
		/** Labeling turned off on every switch ({@code DELETE}, confirmed). */
		OFF

	}

}
