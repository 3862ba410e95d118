package io.sonde.metrics.internal;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import io.sonde.store.MetricPoint;
import io.sonde.store.TimeSeriesRejected;
import io.sonde.store.TimeSeriesStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes points to the time-series store from a thread of its own, so an event listener
 * never waits for the store: a bounded queue (a full queue drops the new points and
 * counts them: back-pressure), batches of up to {@code batchSize}, and a failed batch
 * tried again with a doubling backoff before its points count as dropped. A batch the
 * store rejects is not retried: the same batch would be rejected again.
 */
final class PointWriter implements AutoCloseable {

	private static final Logger log = LoggerFactory.getLogger(PointWriter.class);

	private final TimeSeriesStore store;

	private final BlockingQueue<MetricPoint> queue;

	private final int batchSize;

	private final int retries;

	private final Duration firstBackoff;

	private final Thread thread;

	private final AtomicLong written = new AtomicLong();

	private final AtomicLong dropped = new AtomicLong();

	private final AtomicLong retried = new AtomicLong();

	private final AtomicLong inFlight = new AtomicLong();

	private volatile boolean running = true;

	PointWriter(TimeSeriesStore store, int capacity, int batchSize, int retries, Duration firstBackoff) {
		this.store = store;
		this.queue = new ArrayBlockingQueue<>(Math.max(1, capacity));
		this.batchSize = Math.max(1, batchSize);
		this.retries = Math.max(0, retries);
		this.firstBackoff = firstBackoff;
		this.thread = new Thread(this::run, "metrics-writer");
		this.thread.setDaemon(true);
	}

	void start() {
		this.thread.start();
	}

	/** Queues the points that fit; the rest are dropped and counted. */
	void offer(List<MetricPoint> points) {
		for (MetricPoint point : points) {
			if (!this.queue.offer(point)) {
				this.dropped.incrementAndGet();
			}
		}
	}

	private void run() {
		List<MetricPoint> batch = new ArrayList<>(this.batchSize);
		while (this.running || !this.queue.isEmpty()) {
			try {
				MetricPoint first = this.queue.poll(200, TimeUnit.MILLISECONDS);
				if (first == null) {
					continue;
				}
				batch.add(first);
				this.queue.drainTo(batch, this.batchSize - 1);
				this.inFlight.set(batch.size());
				write(batch);
			}
			catch (InterruptedException ex) {
				if (!this.running) {
					break;
				}
			}
			finally {
				batch.clear();
				this.inFlight.set(0);
			}
		}
	}

	private void write(List<MetricPoint> batch) throws InterruptedException {
		Duration backoff = this.firstBackoff;
		for (int attempt = 0;; attempt++) {
			try {
				this.store.write(batch);
				this.written.addAndGet(batch.size());
				return;
			}
			catch (TimeSeriesRejected ex) {
				this.dropped.addAndGet(batch.size());
				log.warn("metrics: the store rejected {} points, dropped: {}", batch.size(), ex.getMessage());
				return;
			}
			catch (RuntimeException ex) {
				if (attempt >= this.retries || !this.running) {
					this.dropped.addAndGet(batch.size());
					log.warn("metrics: {} points dropped after {} attempts: {}", batch.size(), attempt + 1,
							ex.getMessage());
					return;
				}
				this.retried.incrementAndGet();
				Thread.sleep(backoff.toMillis());
				backoff = backoff.multipliedBy(2);
			}
		}
	}

	long written() {
		return this.written.get();
	}

	long dropped() {
		return this.dropped.get();
	}

	long retries() {
		return this.retried.get();
	}

	long pending() {
		return this.queue.size() + this.inFlight.get();
	}

	/** Stops taking points; what is queued is written first, within a few seconds. */
	@Override
	public void close() {
		this.running = false;
		try {
			this.thread.join(5000);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		if (this.thread.isAlive()) {
			this.thread.interrupt();
		}
	}

}
