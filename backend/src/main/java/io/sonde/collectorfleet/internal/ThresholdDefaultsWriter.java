package io.sonde.collectorfleet.internal;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.context.SmartLifecycle;

/**
 * Makes the default thresholds reach every collector though nobody ever set one: at start
 * (before the Java collector reads the hash) and then every {@code defaults-check}, each
 * metric without a value in the thresholds hash gets its default, and the collectors are
 * told. So a new installation, and a Redis that lost its data, run at the defaults, not
 * at 0.
 */
class ThresholdDefaultsWriter implements SmartLifecycle {

	private static final Logger log = LoggerFactory.getLogger(ThresholdDefaultsWriter.class);

	/** Before the Java collector (default phase) subscribes and reads the hash. */
	private static final int PHASE = SmartLifecycle.DEFAULT_PHASE - 1024;

	private final RedisCollectorThresholds thresholds;

	private final CollectorsProperties properties;

	private volatile ScheduledExecutorService checker;

	/** Only the checker's thread (and start, before it) writes it. */
	private volatile boolean failing;

	ThresholdDefaultsWriter(RedisCollectorThresholds thresholds, CollectorsProperties properties) {
		this.thresholds = thresholds;
		this.properties = properties;
	}

	/**
	 * Writes the missing defaults; Redis away is retried at the next check, and said once
	 * per outage.
	 */
	void check() {
		try {
			this.thresholds.writeMissingDefaults();
			this.failing = false;
		}
		catch (RuntimeException ex) {
			if (!this.failing) {
				log.warn("default thresholds not checked, Redis did not answer ({}); retrying every {}",
						ex.getMessage(), this.properties.defaultsCheck());
			}
			this.failing = true;
		}
	}

	@Override
	public void start() {
		check();
		ScheduledExecutorService executor = Executors.newSingleThreadScheduledExecutor((task) -> {
			Thread thread = new Thread(task, "threshold-defaults");
			thread.setDaemon(true);
			return thread;
		});
		long every = this.properties.defaultsCheck().toMillis();
		if (every > 0) {
			executor.scheduleWithFixedDelay(this::check, every, every, TimeUnit.MILLISECONDS);
		}
		this.checker = executor;
	}

	@Override
	public void stop() {
		ScheduledExecutorService executor = this.checker;
		this.checker = null;
		if (executor != null) {
			executor.shutdownNow();
		}
	}

	@Override
	public boolean isRunning() {
		return this.checker != null;
	}

	@Override
	public int getPhase() {
		return PHASE;
	}

}
