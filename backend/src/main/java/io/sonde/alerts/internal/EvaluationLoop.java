package io.sonde.alerts.internal;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.context.SmartLifecycle;

/**
 * Runs the engine every {@code sonde.alerts.evaluation-interval} on its own thread, so
 * that neither the ingest nor a slow live-value source holds the other up.
 */
final class EvaluationLoop implements SmartLifecycle {

	private static final Logger log = LoggerFactory.getLogger(EvaluationLoop.class);

	private final AlertEngine engine;

	private final Duration interval;

	private ScheduledExecutorService executor;

	EvaluationLoop(AlertEngine engine, Duration interval) {
		this.engine = engine;
		this.interval = interval;
	}

	@Override
	public synchronized void start() {
		this.executor = Executors.newSingleThreadScheduledExecutor((task) -> {
			Thread thread = new Thread(task, "alert-evaluation");
			thread.setDaemon(true);
			return thread;
		});
		this.executor.scheduleWithFixedDelay(this::tick, this.interval.toMillis(), this.interval.toMillis(),
				TimeUnit.MILLISECONDS);
	}

	private void tick() {
		try {
			this.engine.evaluate();
		}
		catch (RuntimeException ex) {
			// One failed tick must not end the loop: the next one tries again.
			log.warn("alert evaluation failed: {}", ex.getMessage(), ex);
		}
	}

	@Override
	public synchronized void stop() {
		if (this.executor != null) {
			this.executor.shutdownNow();
			this.executor = null;
		}
	}

	@Override
	public synchronized boolean isRunning() {
		return this.executor != null;
	}

}
