package io.sonde.switches;

import java.util.Optional;

/**
 * The "SNMP-like" baseline the GPINT paper compares probe telemetry against: every
 * managed switch's port counters read one cell per request over P4Runtime, a bounded
 * number of switches at a time, with the latency of each round measured.
 */
public interface PortCounterPolling {

	/** Polls every primary or backup switch once and returns the round. */
	PollingRound pollNow();

	/** The latest round; empty before the first. */
	Optional<PollingRound> latest();

	/**
	 * The latest round and the one before it, taken together (for rates between them);
	 * either is null while there is none.
	 */
	PollingRound[] lastTwo();

}
