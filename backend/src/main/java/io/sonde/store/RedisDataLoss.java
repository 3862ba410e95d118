package io.sonde.store;

import java.time.Instant;
import java.util.List;

/**
 * Redis lost the data Sonde had written: its epoch key was missing or another epoch's.
 *
 * @param detectedAt when a backend noticed
 * @param detectedBy which backend (host and pid)
 * @param reason what it saw, e.g. "epoch key sonde:epoch missing"
 * @param lostEpoch the epoch Sonde knew before
 * @param lostEpochCreatedAt when that epoch began
 * @param lostState the state of record Redis held before the loss, by name (what must be
 * imported again)
 */
public record RedisDataLoss(Instant detectedAt, String detectedBy, String reason, String lostEpoch,
		Instant lostEpochCreatedAt, List<String> lostState) {

	public RedisDataLoss {
		lostState = (lostState != null) ? List.copyOf(lostState) : List.of();
	}

	/** One sentence for health and logs: "Redis lost its data at {time}: {reason}". */
	public String summary() {
		return "Redis lost its data at " + this.detectedAt + ": " + this.reason;
	}

}
