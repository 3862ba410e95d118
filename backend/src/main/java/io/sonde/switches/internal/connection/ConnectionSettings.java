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
 * @param redialProbeInterval how often a switch is looked at (a TCP connect to its port)
 * during a pause, which ends as soon as it answers again ({@link RedialPause})
 * @param electionIdOffset added to every switch's registered election id: a backup
 * replica of the backend runs with a negative offset
 * @param takeOver whether to claim a switch that has no primary (its primary left) by
 * advertising an election id above the highest it has seen (P4Runtime §5.3)
 * @param writeBatch updates per Write request
 */
public record ConnectionSettings(Duration rpcTimeout, Duration arbitrationTimeout, Duration heartbeat,
		Duration backoffMin, Duration backoffMax, long electionIdOffset, boolean takeOver, int writeBatch,
		Duration redialProbeInterval) {

	/** The default of {@code sonde.switches.redial-probe-interval}. */
	public static final Duration DEFAULT_REDIAL_PROBE_INTERVAL = Duration.ofMillis(250);

	/** Settings with the default redial probe interval. */
	public ConnectionSettings(Duration rpcTimeout, Duration arbitrationTimeout, Duration heartbeat, Duration backoffMin,
			Duration backoffMax, long electionIdOffset, boolean takeOver, int writeBatch) {
		this(rpcTimeout, arbitrationTimeout, heartbeat, backoffMin, backoffMax, electionIdOffset, takeOver, writeBatch,
				DEFAULT_REDIAL_PROBE_INTERVAL);
	}

}
