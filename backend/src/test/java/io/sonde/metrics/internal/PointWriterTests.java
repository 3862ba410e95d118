package io.sonde.metrics.internal;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

import io.sonde.store.MetricPoint;
import io.sonde.store.Sample;
import io.sonde.store.SeriesQuery;
import io.sonde.store.TimeSeriesRejected;
import io.sonde.store.TimeSeriesStore;
import io.sonde.store.TimeSeriesUnavailable;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The writer between the exporter and the store: batches, retries an unavailable store
 * with backoff, gives up after its retries, never retries a rejection, and drops
 * (counting) what a full queue cannot hold.
 */
class PointWriterTests {

	private static MetricPoint point(int i) {
		return new MetricPoint("int_metrics", Map.of("metric", "hop_latency"), Map.of("value", (double) i),
				Instant.EPOCH.plusSeconds(i));
	}

	private static List<MetricPoint> points(int n) {
		List<MetricPoint> out = new ArrayList<>();
		for (int i = 0; i < n; i++) {
			out.add(point(i));
		}
		return out;
	}

	@Test
	void retriesAnUnavailableStoreThenWritesInBatches() throws Exception {
		ScriptedStore store = new ScriptedStore(2, false);
		try (PointWriter writer = new PointWriter(store, 100, 10, 4, Duration.ofMillis(1))) {
			writer.offer(points(25));
			writer.start();
			await(() -> writer.written() == 25);
			assertThat(writer.retries()).isEqualTo(2);
			assertThat(writer.dropped()).isZero();
			assertThat(store.batchSizes).allSatisfy((size) -> assertThat(size).isLessThanOrEqualTo(10));
		}
	}

	@Test
	void dropsABatchAfterItsRetriesAndARejectedOneAtOnce() throws Exception {
		ScriptedStore down = new ScriptedStore(Integer.MAX_VALUE, false);
		try (PointWriter writer = new PointWriter(down, 100, 100, 2, Duration.ofMillis(1))) {
			// Queued before the writer runs, so the five are one batch (retried twice),
			// not two batches if the writer took the first point alone.
			writer.offer(points(5));
			writer.start();
			await(() -> writer.dropped() == 5);
			assertThat(writer.retries()).isEqualTo(2);
		}
		ScriptedStore rejecting = new ScriptedStore(Integer.MAX_VALUE, true);
		try (PointWriter writer = new PointWriter(rejecting, 100, 100, 2, Duration.ofMillis(1))) {
			writer.start();
			writer.offer(points(3));
			await(() -> writer.dropped() == 3);
			assertThat(writer.retries()).isZero();
		}
	}

	@Test
	void dropsWhatAFullQueueCannotHold() throws Exception {
		CountDownLatch release = new CountDownLatch(1);
		ScriptedStore store = new ScriptedStore(0, false);
		store.gate = release;
		try (PointWriter writer = new PointWriter(store, 10, 10, 0, Duration.ofMillis(1))) {
			writer.offer(points(25));
			assertThat(writer.dropped()).isEqualTo(15);
			writer.start();
			release.countDown();
			await(() -> writer.written() == 10);
			assertThat(writer.pending()).isZero();
		}
	}

	private static void await(java.util.function.BooleanSupplier condition) {
		Awaitility.await()
			.atMost(Duration.ofSeconds(10))
			.pollDelay(Duration.ZERO)
			.pollInterval(Duration.ofMillis(2))
			.until(condition::getAsBoolean);
	}

	/** Fails its first writes as told, then accepts. */
	private static final class ScriptedStore implements TimeSeriesStore {

		final List<Integer> batchSizes = new java.util.concurrent.CopyOnWriteArrayList<>();

		private final AtomicInteger failures;

		private final boolean reject;

		volatile CountDownLatch gate;

		ScriptedStore(int failures, boolean reject) {
			this.failures = new AtomicInteger(failures);
			this.reject = reject;
		}

		@Override
		public void writeLineProtocol(String lines) {
			throw new UnsupportedOperationException("the metrics writer writes points");
		}

		@Override
		public void write(List<MetricPoint> points) {
			if (this.gate != null) {
				try {
					this.gate.await();
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
				}
			}
			if (this.failures.getAndDecrement() > 0) {
				if (this.reject) {
					throw new TimeSeriesRejected("scripted", "bad points", null);
				}
				throw new TimeSeriesUnavailable("scripted", "down", null);
			}
			this.batchSizes.add(points.size());
		}

		@Override
		public List<Sample> read(SeriesQuery query) {
			return List.of();
		}

		@Override
		public String describe() {
			return "scripted";
		}

	}

}
