package io.sonde.intconfig;

import java.time.Instant;

/**
 * One stored version of the INT configuration.
 *
 * @param version 1, 2, ... in the order they were made
 * @param author who made it (the caller's name)
 * @param at when
 * @param comment why, as the author said, or what a rollback restored
 * @param config the whole configuration; {@link IntConfigDocument#EMPTY} for a removal
 * @param kind how it came to be: applied, a rollback, or the removal of INT from every
 * switch (versions stored before kinds existed read as applied)
 */
public record IntConfigVersion(long version, String author, Instant at, String comment, IntConfigDocument config,
		Kind kind) {

	public IntConfigVersion {
		kind = (kind != null) ? kind : Kind.APPLY;
	}

	/** Whether this version turned INT off on every switch. */
	public boolean removesInt() {
		return this.kind == Kind.REMOVE;
	}

	/** How a version came to be. */
	public enum Kind {

		/** A configuration applied ({@code PUT}). */
		APPLY,
		/** An earlier version's configuration applied again. */
		ROLLBACK,
		/** INT turned off on every switch ({@code DELETE}, confirmed). */
		REMOVE

	}

}
