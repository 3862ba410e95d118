package io.sonde.store;

import java.time.Instant;
import java.util.List;

/**
 * What {@link RedisContinuity} knows now.
 *
 * @param epoch the epoch this backend trusts, null before Redis was first read
 * @param dataLoss the unacknowledged loss, else null
 * @param toImport while a loss is unacknowledged, the state of record that was lost, each
 * with whether it is present again; else empty
 * @param checkedAt when Redis was last read
 * @param checkError why the last check failed, else null
 */
public record RedisContinuityStatus(RedisEpoch epoch, RedisDataLoss dataLoss, List<StateToImport> toImport,
		Instant checkedAt, String checkError) {

	/**
	 * One family of lost state.
	 *
	 * @param name as its module names it
	 * @param keys its Redis keys
	 * @param restore how to import it again
	 * @param presentAgain whether any of its keys exists again (imported since, or
	 * defaults written by a migration)
	 */
	public record StateToImport(String name, List<String> keys, String restore, boolean presentAgain) {
	}

}
