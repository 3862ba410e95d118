package io.sonde.store;

import java.util.Optional;

/**
 * Whether Redis still holds what Sonde wrote to it. Redis keeps Sonde's state of record
 * (the switch registry, the INT configuration, the topology, thresholds, stream
 * positions); a Redis that was emptied (FLUSHALL, a restart without persistence, another
 * server) would otherwise let Sonde run on silently with none of it. Sonde writes an
 * epoch key once and watches it; a missing or foreign epoch is a data loss, which stays
 * in force (health DOWN) until an operator acknowledges it.
 */
public interface RedisContinuity {

	/**
	 * The data loss nobody has acknowledged yet, as last checked (about a second ago).
	 */
	Optional<RedisDataLoss> unacknowledgedLoss();

	/**
	 * Checks Redis now (one round trip) before answering as
	 * {@link #unacknowledgedLoss()}: for callers about to act on what Redis holds. When
	 * Redis cannot be read, the last check answers.
	 */
	Optional<RedisDataLoss> checkNow();

	/** The epoch, the loss if any, and what must be imported again. */
	RedisContinuityStatus status();

	/**
	 * Accepts what Redis holds now as Sonde's state of record: writes a new epoch and
	 * ends the loss for every replica sharing this Redis.
	 * @param by who acknowledges, for the audit log and the epoch
	 * @throws NoRedisDataLoss when no loss is recorded
	 */
	RedisContinuityStatus acknowledgeDataLoss(String by);

}
