package io.sonde.store.internal;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import io.sonde.store.internal.migration.SchemaMigrations;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.context.SmartLifecycle;

/**
 * Applies pending migrations while the context starts, before anything that writes is
 * running, and keeps retrying in the background for a store that was down at that moment.
 */
class MigrationRunner implements SmartLifecycle {

	private static final Logger log = LoggerFactory.getLogger(MigrationRunner.class);

	private final SchemaMigrations migrations;

	private final Duration retryInterval;

	private ScheduledExecutorService retries;

	MigrationRunner(SchemaMigrations migrations, Duration retryInterval) {
		this.migrations = migrations;
		this.retryInterval = retryInterval;
	}

	@Override
	public synchronized void start() {
		this.migrations.migrate();
		if (!this.migrations.complete()) {
			this.retries = Executors.newSingleThreadScheduledExecutor((task) -> {
				Thread thread = new Thread(task, "schema-migration-retry");
				thread.setDaemon(true);
				return thread;
			});
			long period = this.retryInterval.toMillis();
			this.retries.scheduleWithFixedDelay(this::retry, period, period, TimeUnit.MILLISECONDS);
		}
	}

	private void retry() {
		try {
			this.migrations.migrate();
			if (this.migrations.complete()) {
				log.info("All db-migrations applied");
				this.retries.shutdown();
			}
		}
		catch (RuntimeException ex) {
			log.error("Schema migration retry failed; retries stop", ex);
			this.retries.shutdown();
		}
	}

	@Override
	public synchronized void stop() {
		if (this.retries != null) {
			this.retries.shutdownNow();
			this.retries = null;
		}
	}

	@Override
	public synchronized boolean isRunning() {
		return this.retries != null && !this.retries.isShutdown();
	}

	/** After the embedded store, before every writer. */
	@Override
	public int getPhase() {
		return Integer.MIN_VALUE + 200;
	}

}
