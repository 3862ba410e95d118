package io.sonde.events;

/** What an event says happened. */
public enum EventKind {

	/** A metric key seen for the first time (INTCollector: not yet in its tables). */
	NEW_KEY,

	/**
	 * A value moved past its threshold since it was last reported (|new - last| > T(m)).
	 */
	CHANGED,

	/** A value crossed an operator's alert threshold. */
	THRESHOLD,

	/**
	 * A value came back inside its threshold, or a key reported again after going silent.
	 */
	RECOVERY,

	/**
	 * Telemetry coverage changed (probes, labeling): a link or switch gained or lost it.
	 */
	COVERAGE

}
