package io.sonde.metrics.internal;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

import io.sonde.events.TelemetryEvent;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps {@link LatestValues} from a thread of its own, batch by batch, in the order the
 * batches were offered. Why: at tens of thousands of keys an update is a chain of cache
 * misses (~0.5 µs), and done by the appending thread it was a fifth of an ingest thread's
 * time (make bench-ingest, JFR); here it overlaps the ingest instead of lengthening it. A
 * full queue makes {@link #offer} wait: back-pressure, never a lost update. Readers call
 * {@link #awaitOffered} first, so they see every batch offered before they asked, as when
 * the updates were made in place.
 */
final class LatestUpdates {

	private static final Logger log = LoggerFactory.getLogger(LatestUpdates.class);

	/** Batches queued at most: a few seconds of ingest at its batch size. */
	private static final int CAPACITY = 256;

	/** How long a reader waits for the batches offered before it asked. */
	private static final Duration READ_WAIT = Duration.ofSeconds(2);

	private final LatestValues latest;

	private final BlockingQueue<List<TelemetryEvent>> queue = new ArrayBlockingQueue<>(CAPACITY);

	/** Batches offered and batches applied; guarded by this. */
	private long offered;

	private long applied;

	private Thread thread;

	private volatile boolean running;

	LatestUpdates(LatestValues latest) {
		this.latest = latest;
	}

	/**
	 * Queues a batch, waiting while the queue is full; applies it in place when the
	 * thread is not running (before start, after stop).
	 */
	void offer(List<TelemetryEvent> events) {
		if (events.isEmpty()) {
			return;
		}
		try {
			while (this.running) {
				if (this.queue.offer(events, 100, TimeUnit.MILLISECONDS)) {
					synchronized (this) {
						this.offered++;
					}
					return;
				}
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		events.forEach(this.latest::update);
	}

	/**
	 * Returns once every batch offered before the call is applied, or after
	 * {@link #READ_WAIT} (then the reader sees slightly older values).
	 */
	void awaitOffered() {
		long deadline = System.nanoTime() + READ_WAIT.toNanos();
		synchronized (this) {
			long target = this.offered;
			try {
				while (this.applied < target && this.thread != null) {
					long left = deadline - System.nanoTime();
					if (left <= 0) {
						return;
					}
					TimeUnit.NANOSECONDS.timedWait(this, left);
				}
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		}
	}

	synchronized void start() {
		if (this.thread != null) {
			return;
		}
		this.running = true;
		this.thread = new Thread(this::run, "metrics-latest");
		this.thread.setDaemon(true);
		this.thread.start();
	}

	/** Stops the thread; what it left queued, and later batches, are applied in place. */
	void stop() {
		Thread worker;
		synchronized (this) {
			this.running = false;
			worker = this.thread;
			this.thread = null;
			notifyAll();
		}
		if (worker != null) {
			worker.interrupt();
			try {
				// The batch it may be applying: done when stop returns.
				worker.join(READ_WAIT.toMillis());
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		}
		List<TelemetryEvent> left;
		while ((left = this.queue.poll()) != null) {
			left.forEach(this.latest::update);
		}
	}

	private void run() {
		while (!Thread.currentThread().isInterrupted()) {
			List<TelemetryEvent> events;
			try {
				events = this.queue.take();
			}
			catch (InterruptedException ex) {
				return;
			}
			try {
				events.forEach(this.latest::update);
			}
			catch (RuntimeException ex) {
				log.warn("Latest values not updated from a batch of {} events: {}", events.size(), ex.toString());
			}
			synchronized (this) {
				this.applied++;
				notifyAll();
			}
		}
	}

}
