package io.sonde.store.internal.continuity;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

import io.sonde.core.LoopHealth;
import io.sonde.store.NoRedisDataLoss;
import io.sonde.store.RedisContinuity;
import io.sonde.store.RedisContinuityStatus;
import io.sonde.store.RedisContinuityStatus.StateToImport;
import io.sonde.store.RedisDataLoss;
import io.sonde.store.RedisDataLossAcknowledged;
import io.sonde.store.RedisEpoch;
import io.sonde.store.RedisStateOfRecord;
import io.sonde.store.internal.migration.SchemaMigrations;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.SmartLifecycle;

/**
 * Watches Redis's epoch every {@code sonde.migrations.epoch-check} (1 s). The epoch is
 * written once (SET NX) when a Redis is first initialised; this backend remembers the one
 * it saw. The key missing, or holding another epoch, means Redis lost what Sonde had
 * written: the loss is recorded in Redis (so every replica sharing it reports it, and one
 * started later too), Redis's layout is applied again (streams and groups), and health
 * stays DOWN until an operator acknowledges, which writes the next epoch.
 */
public class EpochWatch implements RedisContinuity, SmartLifecycle {

	private static final Logger log = LoggerFactory.getLogger(EpochWatch.class);

	static final String ACKNOWLEDGE_PATH = "POST /api/v1/system/redis/acknowledge-data-loss";

	private final EpochStore store;

	private final ContinuityCodec codec;

	private final SchemaMigrations migrations;

	private final ApplicationEventPublisher events;

	private final Clock clock;

	private final Duration interval;

	private final String replica;

	/** The epoch this backend trusts; null until Redis was first read. */
	private RedisEpoch known;

	/**
	 * The unacknowledged loss, as recorded in Redis; written under the monitor, read
	 * without it (a check waiting on Redis must not hold callers up).
	 */
	private volatile RedisDataLoss loss;

	/** Which state of record existed, as last read. */
	private Map<String, Boolean> present = Map.of();

	private Instant checkedAt;

	private final LoopHealth checks;

	private volatile Thread thread;

	EpochWatch(EpochStore store, ContinuityCodec codec, SchemaMigrations migrations, ApplicationEventPublisher events,
			Clock clock, Duration interval, String replica) {
		this.store = store;
		this.codec = codec;
		this.migrations = migrations;
		this.events = events;
		this.clock = clock;
		this.interval = interval;
		this.replica = replica;
		this.checks = new LoopHealth("checking Redis's epoch", clock);
	}

	@Override
	public Optional<RedisDataLoss> unacknowledgedLoss() {
		return Optional.ofNullable(this.loss);
	}

	@Override
	public Optional<RedisDataLoss> checkNow() {
		tick();
		return unacknowledgedLoss();
	}

	@Override
	public synchronized RedisContinuityStatus status() {
		List<StateToImport> toImport = new ArrayList<>();
		if (this.loss != null) {
			for (RedisStateOfRecord family : this.store.stateOfRecord()) {
				if (this.loss.lostState().contains(family.name())) {
					toImport.add(new StateToImport(family.name(), family.keys(), family.restore(),
							Boolean.TRUE.equals(this.present.get(family.name()))));
				}
			}
		}
		return new RedisContinuityStatus(this.known, this.loss, toImport, this.checkedAt, this.checks.reason());
	}

	@Override
	public RedisContinuityStatus acknowledgeDataLoss(String by) {
		RedisDataLossAcknowledged acknowledged;
		synchronized (this) {
			acknowledged = acknowledge(by);
		}
		this.events.publishEvent(acknowledged);
		return status();
	}

	private RedisDataLossAcknowledged acknowledge(String by) {
		// A loss recorded again between the read and the write (another replica) is
		// read once more.
		for (int attempt = 0; attempt < 3; attempt++) {
			EpochStore.Snapshot now = this.store.read();
			RedisDataLoss recorded = this.codec.loss(now.loss());
			if (recorded == null) {
				throw new NoRedisDataLoss();
			}
			RedisEpoch next = new RedisEpoch(UUID.randomUUID().toString(), this.clock.instant(),
					RedisEpoch.ACKNOWLEDGED, recorded.lostEpoch(), by);
			if (this.store.acknowledge(now.loss(), this.codec.write(next))) {
				log.warn(
						"AUDIT Redis data loss acknowledged by {}: {} (lost epoch {}); new epoch {}; what Redis holds"
								+ " now is Sonde's state of record",
						by, recorded.summary(), recorded.lostEpoch(), next.id());
				this.known = next;
				this.loss = null;
				return new RedisDataLossAcknowledged(next, recorded);
			}
		}
		throw new IllegalStateException("the data loss record kept changing while it was acknowledged; try again");
	}

	/**
	 * One check. What it leads to (Redis's layout applied again, events) happens after
	 * the monitor is released: the migrations may wait on another store's run, and
	 * listeners take locks of their own, while health checks and callers of
	 * {@link #checkNow()} wait on this monitor.
	 */
	void tick() {
		Consequences consequences = new Consequences();
		synchronized (this) {
			try {
				check(consequences);
			}
			catch (RuntimeException ex) {
				// Redis went away between the read and a write: the next check goes on.
				this.checks.failed(ex);
			}
		}
		if (consequences.reapplyLayout || (consequences.reapplyIfIncomplete && !this.migrations.redisComplete())) {
			reapplyLayout();
		}
		consequences.events.forEach(this.events::publishEvent);
	}

	private void check(Consequences consequences) {
		EpochStore.Snapshot now;
		try {
			now = this.store.read();
		}
		catch (RuntimeException ex) {
			// Redis away or loading its data: nothing can be concluded.
			this.checks.failed(ex);
			return;
		}
		this.checks.succeeded();
		this.checkedAt = this.clock.instant();
		RedisEpoch epoch = this.codec.epoch(now.epoch());
		RedisDataLoss recorded = this.codec.loss(now.loss());
		if (recorded != null) {
			holdLoss(recorded, epoch, now, consequences);
		}
		else if (this.loss != null) {
			lossRecordGone(epoch, now, consequences);
		}
		else if (this.known == null) {
			initialise(epoch, now);
		}
		else if (epoch == null) {
			lose("epoch key " + EpochStore.EPOCH + " missing: Redis was emptied (FLUSHALL, a restart without "
					+ "persistence, or another server on its address)", now, consequences);
		}
		else if (epoch.id().equals(this.known.id())) {
			this.present = now.present();
		}
		else if (this.known.id().equals(epoch.acknowledges())) {
			// Lost and acknowledged between two checks of this replica.
			log.warn("Redis data loss of epoch {} was acknowledged by {}; now on epoch {}", this.known.id(),
					epoch.acknowledgedBy(), epoch.id());
			this.known = epoch;
			this.present = now.present();
		}
		else {
			lose("Redis holds epoch " + epoch.id() + " (" + epoch.origin() + " at " + epoch.createdAt()
					+ ") instead of " + this.known.id() + ": it was replaced, or restored from another copy", now,
					consequences);
		}
	}

	private void initialise(RedisEpoch epoch, EpochStore.Snapshot now) {
		if (epoch == null) {
			// No epoch yet: an empty Redis, or one with Sonde's data from before epochs.
			String origin = (now.history() || now.anyState()) ? RedisEpoch.UPGRADE : RedisEpoch.FIRST_START;
			RedisEpoch created = new RedisEpoch(UUID.randomUUID().toString(), this.clock.instant(), origin, null, null);
			epoch = this.store.createEpoch(this.codec.write(created)) ? created
					: this.codec.epoch(this.store.read().epoch());
			if (epoch == null) {
				return;
			}
		}
		this.known = epoch;
		this.present = now.present();
		log.info("Redis epoch {} ({} at {})", epoch.id(), epoch.origin(), epoch.createdAt());
	}

	private void lose(String reason, EpochStore.Snapshot now, Consequences consequences) {
		List<String> lostState = new ArrayList<>();
		this.present.forEach((name, existed) -> {
			if (existed) {
				lostState.add(name);
			}
		});
		RedisDataLoss detected = new RedisDataLoss(this.clock.instant(), this.replica, reason, this.known.id(),
				this.known.createdAt(), lostState);
		if (!this.store.recordLoss(this.codec.write(detected))) {
			RedisDataLoss first = this.codec.loss(this.store.read().loss());
			detected = (first != null) ? first : detected;
		}
		this.loss = detected;
		this.present = now.present();
		log.error(
				"{}. Lost state of record: {}. Redis's layout is applied again; import the lost state again, then "
						+ "acknowledge ({} or the Overview page). Health stays DOWN until then.",
				detected.summary(), detected.lostState().isEmpty() ? "none" : String.join(", ", detected.lostState()),
				ACKNOWLEDGE_PATH);
		consequences.reapplyLayout = true;
	}

	/** A loss recorded in Redis (by this replica or another) and not acknowledged. */
	private void holdLoss(RedisDataLoss recorded, RedisEpoch epoch, EpochStore.Snapshot now,
			Consequences consequences) {
		if (!recorded.equals(this.loss)) {
			this.loss = recorded;
			log.error("{} (noticed by {}); health stays DOWN until the loss is acknowledged ({})", recorded.summary(),
					recorded.detectedBy(), ACKNOWLEDGE_PATH);
		}
		if (this.known == null) {
			this.known = epoch;
		}
		this.present = now.present();
		// The layout again if it is gone, or if applying it failed before (retried here).
		consequences.reapplyLayout = !now.history();
		consequences.reapplyIfIncomplete = true;
	}

	/** The loss record is gone: acknowledged, or emptied away with the rest. */
	private void lossRecordGone(RedisEpoch epoch, EpochStore.Snapshot now, Consequences consequences) {
		if (epoch != null && RedisEpoch.ACKNOWLEDGED.equals(epoch.origin()) && epoch.acknowledges() != null
				&& epoch.acknowledges().equals(this.loss.lostEpoch())) {
			log.warn("Redis data loss acknowledged by {}; now on epoch {}", epoch.acknowledgedBy(), epoch.id());
			consequences.events.add(new RedisDataLossAcknowledged(epoch, this.loss));
			this.known = epoch;
			this.loss = null;
			this.present = now.present();
			return;
		}
		log.error(
				"The record of the unacknowledged Redis data loss is gone too (Redis emptied again?): recorded again");
		this.store.recordLoss(this.codec.write(this.loss));
		this.present = now.present();
		consequences.reapplyLayout = true;
	}

	/**
	 * Streams and consumer groups again, groups from each stream's first entry. Asked
	 * again at the next check while incomplete.
	 */
	private void reapplyLayout() {
		try {
			int applied = this.migrations.migrateRedisAfterDataLoss();
			if (applied > 0) {
				log.warn("Applied Redis's layout again after the data loss ({} migrations)", applied);
			}
		}
		catch (RuntimeException ex) {
			log.warn("Redis's layout not applied again yet: {}", ex.getMessage());
		}
	}

	/** What one check leads to, done once the monitor is released. */
	private static final class Consequences {

		private final List<Object> events = new ArrayList<>();

		private boolean reapplyLayout;

		/** Whether to apply it again when the last run left it incomplete. */
		private boolean reapplyIfIncomplete;

	}

	/** What the health component shows. */
	LoopHealth checks() {
		return this.checks;
	}

	// SmartLifecycle: the first check (and the first epoch) before the migrations run.

	@Override
	public void start() {
		tick();
		synchronized (this) {
			if (this.thread != null) {
				return;
			}
			Thread watcher = new Thread(this::watch, "redis-epoch-watch");
			watcher.setDaemon(true);
			this.thread = watcher;
			watcher.start();
		}
	}

	private void watch() {
		while (this.thread == Thread.currentThread()) {
			try {
				Thread.sleep(this.interval.toMillis());
				tick();
			}
			catch (InterruptedException ex) {
				return;
			}
			catch (RuntimeException ex) {
				log.warn("Redis epoch check failed: {}", ex.toString());
			}
		}
	}

	/** Never waits for the monitor: a check may hold it while Redis does not answer. */
	@Override
	public void stop() {
		Thread running = this.thread;
		this.thread = null;
		if (running != null) {
			running.interrupt();
		}
	}

	@Override
	public boolean isRunning() {
		return this.thread != null;
	}

	/**
	 * Before the migration runner (Integer.MIN_VALUE + 200): an empty Redis is told
	 * apart.
	 */
	@Override
	public int getPhase() {
		return Integer.MIN_VALUE + 190;
	}

}
