package io.sonde.labeling.coverage;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Level;
import java.util.logging.Logger;

import io.sonde.labeling.CoverageMeasured;
import io.sonde.labeling.CoverageSample;
import io.sonde.labeling.LabelStatesUpdated;
import io.sonde.labeling.LabelingCoverage;
import io.sonde.labeling.PortFreshness;
import io.sonde.labeling.PortKey;
import io.sonde.labeling.PortLabelState;

import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.SmartLifecycle;
import org.springframework.context.event.EventListener;

/**
 * The paper's coverage rate, measured continuously (§4.2, §6.2): once per Ti it reads
 * every connected switch's counters, marks the ports whose egress counter rose as active
 * in the windows since their last read, closes the windows that ended, publishes one
 * {@link CoverageMeasured} per window and keeps it in the history. Items applied by
 * result collection ({@link LabelStatesUpdated}) cover their port in the window they were
 * applied in. Bandwidth occupation and the labeled and exported packets come from the
 * growth of INT-label's counters between reads.
 * <p>
 * A window closes only once a counter read taken after its end is in: until then its
 * active ports are not all known.
 */
public class CoverageMeter implements LabelingCoverage, SmartLifecycle {

	private static final Logger logger = Logger.getLogger(CoverageMeter.class.getName());

	/** Reads start this long after a window ends, so they see the whole window. */
	private static final long READ_AFTER_END_NANOS = 2_000_000L;

	private final CoverageSources sources;

	private final CoverageHistory history;

	private final TelemetryFreshness freshness;

	private final ApplicationEventPublisher events;

	private final Clock clock;

	private final Duration storeEvery;

	private final Map<String, Read> lastReads = new HashMap<>();

	private CoverageWindows windows;

	private long windowNanos;

	private CounterDelta unattributed = CounterDelta.NONE;

	private long lastFlush;

	private volatile ScheduledExecutorService ticker;

	private volatile ExecutorService readers;

	CoverageMeter(CoverageSources sources, CoverageHistory history, TelemetryFreshness freshness,
			ApplicationEventPublisher events, Clock clock, Duration storeEvery) {
		this.sources = sources;
		this.history = history;
		this.freshness = freshness;
		this.events = events;
		this.clock = clock;
		this.storeEvery = storeEvery;
	}

	@Override
	public CoverageSample current() {
		CoverageSample latest = this.history.latest();
		if (latest != null) {
			return latest;
		}
		Instant now = this.clock.instant();
		return new CoverageSample(now, now, 0, 0, 1.0, 0.0, 0, 0);
	}

	@Override
	public List<CoverageSample> history(Duration back) {
		return this.history.back(back);
	}

	@Override
	public List<PortFreshness> freshness() {
		return this.freshness.ports();
	}

	@EventListener
	void labelStatesUpdated(LabelStatesUpdated updated) {
		synchronized (this) {
			if (this.windows == null) {
				return;
			}
			for (PortLabelState state : updated.applied()) {
				this.windows.updated(state.port(), nanos(state.receivedAt()));
			}
		}
	}

	/**
	 * One round: read the counters, attribute what they show, close the windows that
	 * ended. Package-private so tests drive it without waiting for the ticker.
	 * @return the windows closed, as published
	 */
	List<CoverageSample> tick() {
		long ti = Duration.ofMillis(this.sources.telemetryIntervalMs()).toNanos();
		long now = nanos(this.clock.instant());
		synchronized (this) {
			if (this.windows == null || ti != this.windowNanos) {
				// A new Ti starts new windows at the next boundary of the new size.
				this.windowNanos = ti;
				this.windows = new CoverageWindows(ti, Math.floorDiv(now, ti) * ti + ti);
				this.unattributed = CounterDelta.NONE;
			}
		}
		List<String> names = this.sources.connectedSwitches();
		Map<String, Read> reads = readAll(names, now);
		List<CoverageWindow> closed;
		CounterDelta delta;
		synchronized (this) {
			this.lastReads.keySet().retainAll(names);
			attribute(reads);
			closed = this.windows.closeUntil(now);
			delta = this.unattributed;
			if (!closed.isEmpty()) {
				this.unattributed = CounterDelta.NONE;
			}
		}
		List<CoverageSample> samples = samples(closed, delta);
		samples.forEach((sample) -> {
			this.history.add(sample);
			this.events.publishEvent(new CoverageMeasured(sample));
		});
		if (now - this.lastFlush >= this.storeEvery.toNanos()) {
			this.lastFlush = now;
			this.history.flush();
		}
		return samples;
	}

	/**
	 * Reads the switches in parallel; on the caller's thread while the meter is stopped.
	 */
	private Map<String, Read> readAll(List<String> names, long now) {
		Map<String, Future<CounterSnapshot>> pending = new HashMap<>();
		ExecutorService pool = this.readers;
		for (String name : names) {
			if (pool != null) {
				pending.put(name, pool.submit(() -> this.sources.read(name)));
			}
			else {
				CompletableFuture<CounterSnapshot> done = new CompletableFuture<>();
				try {
					done.complete(this.sources.read(name));
				}
				catch (RuntimeException ex) {
					done.completeExceptionally(ex);
				}
				pending.put(name, done);
			}
		}
		Map<String, Read> reads = new HashMap<>();
		pending.forEach((name, future) -> {
			try {
				reads.put(name, new Read(future.get(), now));
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
			catch (ExecutionException ex) {
				// The switch is skipped this round; its next read covers the gap.
				logger.log(Level.FINE, "labeling coverage: " + name + " not read: " + ex.getCause());
			}
		});
		return reads;
	}

	/** Marks what each switch's counters grew by since its last read. Holds the lock. */
	private void attribute(Map<String, Read> reads) {
		long openStart = this.windows.openStart();
		Map<String, Set<Integer>> cabledPorts = this.sources.cabledPorts();
		reads.forEach((name, read) -> {
			Read before = this.lastReads.put(name, read);
			CounterDelta delta = CounterDelta.between((before != null) ? before.snapshot() : null, read.snapshot());
			Set<Integer> cabled = cabledPorts.getOrDefault(name, Set.of());
			long from = Math.max((before != null) ? before.at() : read.at(), openStart);
			for (int port : delta.ports()) {
				if (cabled.isEmpty() || cabled.contains(port)) {
					PortKey key = new PortKey(name, port);
					for (long at = from; at < read.at(); at += this.windowNanos) {
						this.windows.carried(key, at);
					}
					this.windows.carried(key, read.at() - 1);
				}
			}
			this.unattributed = this.unattributed.plus(delta);
		});
	}

	/** The closed windows as samples; the counters' growth is spread over them evenly. */
	static List<CoverageSample> samples(List<CoverageWindow> closed, CounterDelta delta) {
		List<CoverageSample> samples = new ArrayList<>(closed.size());
		int count = closed.size();
		double occupation = (delta.trafficBytes() > 0) ? (double) delta.intBytes() / delta.trafficBytes() : 0.0;
		for (int i = 0; i < count; i++) {
			CoverageWindow window = closed.get(i);
			boolean last = i == count - 1;
			long labeled = share(delta.labeled(), count, last);
			long exported = share(delta.exports(), count, last);
			int covered = (int) window.covered().stream().filter(window.active()::contains).count();
			samples.add(new CoverageSample(instant(window.start()), instant(window.end()), window.active().size(),
					covered, window.rate(), occupation, labeled, exported));
		}
		return samples;
	}

	private static long share(long total, int parts, boolean last) {
		long each = total / parts;
		return last ? total - each * (parts - 1) : each;
	}

	static long nanos(Instant at) {
		return Math.addExact(Math.multiplyExact(at.getEpochSecond(), 1_000_000_000L), at.getNano());
	}

	static Instant instant(long nanos) {
		return Instant.ofEpochSecond(Math.floorDiv(nanos, 1_000_000_000L), Math.floorMod(nanos, 1_000_000_000L));
	}

	private void loop() {
		try {
			tick();
		}
		catch (RuntimeException ex) {
			logger.log(Level.WARNING, "labeling coverage: a round failed: " + ex.getMessage(), ex);
		}
		ScheduledExecutorService running = this.ticker;
		if (running == null || running.isShutdown()) {
			return;
		}
		long delay;
		synchronized (this) {
			long nextEnd = this.windows.openStart() + this.windowNanos;
			delay = Math.max(1_000_000L, nextEnd - nanos(this.clock.instant()) + READ_AFTER_END_NANOS);
		}
		try {
			running.schedule(this::loop, delay, TimeUnit.NANOSECONDS);
		}
		catch (RejectedExecutionException ex) {
			// stopped meanwhile
		}
	}

	@Override
	public void start() {
		this.history.load(this.clock.instant());
		AtomicInteger count = new AtomicInteger();
		this.readers = Executors.newFixedThreadPool(4, (task) -> {
			Thread thread = new Thread(task, "labeling-coverage-read-" + count.incrementAndGet());
			thread.setDaemon(true);
			return thread;
		});
		ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor((task) -> {
			Thread thread = new Thread(task, "labeling-coverage");
			thread.setDaemon(true);
			return thread;
		});
		this.ticker = scheduler;
		scheduler.execute(this::loop);
	}

	@Override
	public void stop() {
		ScheduledExecutorService scheduler = this.ticker;
		this.ticker = null;
		if (scheduler != null) {
			scheduler.shutdownNow();
			try {
				scheduler.awaitTermination(5, TimeUnit.SECONDS);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		}
		ExecutorService pool = this.readers;
		this.readers = null;
		if (pool != null) {
			pool.shutdownNow();
		}
		this.history.flush();
	}

	@Override
	public boolean isRunning() {
		return this.ticker != null;
	}

	/** A switch's counters and when they were read (nanoseconds since the epoch). */
	private record Read(CounterSnapshot snapshot, long at) {
	}

}
