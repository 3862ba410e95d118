package io.sonde.switches.internal.connection;

import java.time.Duration;

/**
 * How connections behave.
 *
 * @param rpcTimeout deadline of every unary P4Runtime call
 * @param arbitrationTimeout how long to wait for the switch's arbitration answer
 * @param heartbeat pause between two round-trip measurements of a live connection
 * @param backoffMin first pause before redialling a switch that failed
 * @param backoffMax longest pause; pauses double up to it, with ±20% jitter
 * @param electionIdOffset added to every switch's registered election id: a backup
 * replica of the backend runs with a negative offset
 * @param takeOver whether to claim a switch that has no primary (its primary left) by
 * advertising an election id above the highest it has seen (P4Runtime §5.3)
 * @param writeBatch updates per Write request
 */
public record ConnectionSettings(Duration rpcTimeout, Duration arbitrationTimeout, Duration heartbeat,
		Duration backoffMin, Duration backoffMax, long electionIdOffset, boolean takeOver, int writeBatch) {
}
