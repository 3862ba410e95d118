package io.sonde.store.internal.migration;

import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.sonde.store.internal.questdb.SqlExecutor;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * Applies the pending files of db-migrations/ to each store and remembers, per store,
 * what is applied and what is still pending. A store that cannot be reached keeps its
 * migrations pending (and the health endpoint says so) without stopping the others.
 */
public class SchemaMigrations {

	private static final Logger log = LoggerFactory.getLogger(SchemaMigrations.class);

	private final List<MigrationTarget> targets;

	private final RedisMigrationTarget redis;

	private final String location;

	private final Clock clock;

	private final Map<String, SchemaStatus> status = new LinkedHashMap<>();

	SchemaMigrations(List<MigrationTarget> targets, String location, Clock clock) {
		this.targets = List.copyOf(targets);
		this.redis = targets.stream()
			.filter(RedisMigrationTarget.class::isInstance)
			.map(RedisMigrationTarget.class::cast)
			.findFirst()
			.orElse(null);
		this.location = location;
		this.clock = clock;
		this.targets.forEach((target) -> this.status.put(target.folder(),
				new SchemaStatus(target.folder(), List.of(), List.of(), "not checked yet")));
	}

	/**
	 * @param questDb the QuestDB to migrate, or null when the time-series store has no
	 * schema (InfluxDB)
	 */
	public static SchemaMigrations forStores(SqlExecutor questDb, StringRedisTemplate redis, String location,
			Clock clock) {
		List<MigrationTarget> targets = new ArrayList<>();
		if (questDb != null) {
			targets.add(new QuestDbMigrationTarget(questDb));
		}
		targets.add(new RedisMigrationTarget(redis));
		return new SchemaMigrations(targets, location, clock);
	}

	/**
	 * Applies whatever is pending in every store.
	 * @return how many migrations this call applied, over all stores
	 * @throws MigrationChanged when an applied file was edited; nothing more is applied
	 * then
	 */
	public synchronized int migrate() {
		int appliedNow = 0;
		for (MigrationTarget target : this.targets) {
			appliedNow += migrate(target);
		}
		return appliedNow;
	}

	/**
	 * Applies Redis's layout again after Redis lost its data (its history went with it,
	 * so every version is pending again), with consumer groups starting at their stream's
	 * first entry ({@link RedisMigrationTarget#afterDataLoss}).
	 * @return how many migrations this call applied
	 */
	public synchronized int migrateRedisAfterDataLoss() {
		if (this.redis == null) {
			return 0;
		}
		int[] applied = new int[1];
		this.redis.afterDataLoss(() -> applied[0] = migrate(this.redis));
		return applied[0];
	}

	/** Whether Redis's layout is fully applied, as last checked. */
	public synchronized boolean redisComplete() {
		SchemaStatus redisStatus = this.status.get("redis");
		return redisStatus == null || redisStatus.complete();
	}

	private int migrate(MigrationTarget target) {
		List<Migration> migrations = MigrationScripts.load(this.location, target.folder());
		Map<Integer, String> applied;
		try {
			applied = target.applied();
		}
		catch (RuntimeException ex) {
			recordFailure(target, migrations, List.of(), ex);
			return 0;
		}
		List<Integer> done = new ArrayList<>(applied.keySet());
		int appliedNow = 0;
		for (Migration migration : migrations) {
			String recorded = applied.get(migration.version());
			if (recorded != null) {
				if (!recorded.equals(migration.checksum())) {
					MigrationChanged changed = new MigrationChanged(target.folder(), migration, recorded);
					recordFailure(target, migrations, done, changed);
					throw changed;
				}
				continue;
			}
			try {
				target.apply(migration);
				target.record(migration, this.clock.instant());
			}
			catch (RuntimeException ex) {
				recordFailure(target, migrations, done, ex);
				return appliedNow;
			}
			log.info("Applied db-migrations/{}/{}", target.folder(), migration.label());
			done.add(migration.version());
			appliedNow++;
		}
		this.status.put(target.folder(), new SchemaStatus(target.folder(), sorted(done), List.of(), null));
		return appliedNow;
	}

	private void recordFailure(MigrationTarget target, List<Migration> migrations, List<Integer> done,
			RuntimeException ex) {
		List<Integer> pending = migrations.stream()
			.map(Migration::version)
			.filter((version) -> !done.contains(version))
			.toList();
		String reason = ex.getClass().getSimpleName() + ": " + ex.getMessage();
		log.warn("db-migrations/{}: {} pending, not applied now: {}", target.folder(), pending, reason);
		this.status.put(target.folder(), new SchemaStatus(target.folder(), sorted(done), pending, reason));
	}

	private static List<Integer> sorted(List<Integer> versions) {
		return versions.stream().sorted().toList();
	}

	/** Per store: applied versions, pending versions and why they are pending. */
	public synchronized Map<String, SchemaStatus> status() {
		return Map.copyOf(this.status);
	}

	public synchronized boolean complete() {
		return this.status.values().stream().allMatch(SchemaStatus::complete);
	}

	/** What one store's schema looks like now. */
	public record SchemaStatus(String store, List<Integer> applied, List<Integer> pending, String problem) {

		public boolean complete() {
			return this.pending.isEmpty() && this.problem == null;
		}

	}

}
