package io.sonde.web;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

import io.sonde.store.NoRedisDataLoss;
import io.sonde.store.RedisContinuity;
import io.sonde.store.RedisContinuityStatus;
import io.sonde.store.RedisContinuityStatus.StateToImport;
import io.sonde.store.RedisDataLoss;
import io.sonde.store.RedisEpoch;

/**
 * The store's continuity for web slice tests, which run without Redis: an epoch, and a
 * data loss a test can declare; acknowledging ends it as the store would.
 */
public class SettableRedisContinuity implements RedisContinuity {

	private RedisEpoch epoch = new RedisEpoch("epoch-1", Instant.parse("2026-11-20T08:00:00Z"), RedisEpoch.FIRST_START,
			null, null);

	private RedisDataLoss loss;

	private List<StateToImport> toImport = List.of();

	private String acknowledgedBy;

	public synchronized void lose(RedisDataLoss loss, List<StateToImport> toImport) {
		this.loss = loss;
		this.toImport = List.copyOf(toImport);
	}

	public synchronized void reset() {
		this.loss = null;
		this.toImport = List.of();
		this.acknowledgedBy = null;
	}

	public synchronized String acknowledgedBy() {
		return this.acknowledgedBy;
	}

	@Override
	public synchronized Optional<RedisDataLoss> unacknowledgedLoss() {
		return Optional.ofNullable(this.loss);
	}

	@Override
	public Optional<RedisDataLoss> checkNow() {
		return unacknowledgedLoss();
	}

	@Override
	public synchronized RedisContinuityStatus status() {
		return new RedisContinuityStatus(this.epoch, this.loss, this.toImport, WebSliceTestConfiguration.NOW, null);
	}

	@Override
	public synchronized RedisContinuityStatus acknowledgeDataLoss(String by) {
		if (this.loss == null) {
			throw new NoRedisDataLoss();
		}
		this.epoch = new RedisEpoch("epoch-2", WebSliceTestConfiguration.NOW, RedisEpoch.ACKNOWLEDGED,
				this.loss.lostEpoch(), by);
		this.acknowledgedBy = by;
		this.loss = null;
		this.toImport = List.of();
		return status();
	}

}
