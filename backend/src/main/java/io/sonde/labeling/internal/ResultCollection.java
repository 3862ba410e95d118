package io.sonde.labeling.internal;

import java.lang.System.Logger.Level;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sonde.labeling.FlowPath;
import io.sonde.labeling.LabelStatesUpdated;
import io.sonde.p4programs.codec.LabelCodec;
import io.sonde.p4programs.codec.MalformedTelemetry;
import io.sonde.switches.PacketInReceived;
import io.sonde.switches.SwitchStateChanged;

import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.SmartLifecycle;
import org.springframework.context.event.EventListener;

/**
 * INT-label's result collection (Algorithm 4): exports arrive as PacketIns (IPv4 protocol
 * 254), are decoded on the switch's stream thread and queued; {@code workers} threads
 * apply what is queued, each up to {@code batchExports} exports per Redis script call
 * (while one waits for Redis another builds its call; the newer-wins rule is the
 * script's), and publish a {@link LabelStatesUpdated} per export. A switch's clock epoch
 * goes up whenever its connection comes up again, since a restarted switch's clock starts
 * again at 0.
 */
class ResultCollection implements SmartLifecycle {

	private static final System.Logger logger = System.getLogger(ResultCollection.class.getName());

	private final LabelStateStore store;

	private final NetworkFacts network;

	private final StoredLabelingControl control;

	private final ApplicationEventPublisher events;

	private final Clock clock;

	private final ObjectMapper json;

	private final int batchExports;

	private final BlockingQueue<Export> queue;

	private final ExportCollector collector;

	private final Map<String, Long> epochs = new ConcurrentHashMap<>();

	private final Map<String, Boolean> reachable = new ConcurrentHashMap<>();

	private final AtomicLong malformed = new AtomicLong();

	private final AtomicLong dropped = new AtomicLong();

	private final int workers;

	private final List<Thread> running = new ArrayList<>();

	ResultCollection(LabelStateStore store, NetworkFacts network, StoredLabelingControl control,
			ApplicationEventPublisher events, Clock clock, ObjectMapper json, int batchExports, int queueCapacity,
			int workers) {
		this.workers = workers;
		this.store = store;
		this.network = network;
		this.control = control;
		this.events = events;
		this.clock = clock;
		this.json = json;
		this.batchExports = batchExports;
		this.queue = new ArrayBlockingQueue<>(queueCapacity);
		this.collector = new ExportCollector(store, this.network::switchOfNodeId, this::epochOf,
				(name) -> this.control.effective(name).aging().toMillis());
	}

	@EventListener
	void packetIn(PacketInReceived packetIn) {
		byte[] frame = packetIn.payload();
		if (!LabelCodec.recogniseFrame(frame, 0, frame.length)) {
			return;
		}
		try {
			Export export = new Export(packetIn.switchName(), LabelCodec.decode(frame, 0, frame.length),
					this.clock.instant());
			if (!this.queue.offer(export) && this.dropped.getAndIncrement() % 10_000 == 0) {
				logger.log(Level.WARNING, "INT-label exports arrive faster than Redis takes them: dropped "
						+ this.dropped.get() + " since the start");
			}
		}
		catch (MalformedTelemetry ex) {
			if (this.malformed.getAndIncrement() % 1_000 == 0) {
				logger.log(Level.WARNING, "malformed INT-label export from " + packetIn.switchName() + " ("
						+ ex.getMessage() + "); " + this.malformed.get() + " since the start");
			}
		}
	}

	@EventListener
	void switchChanged(SwitchStateChanged change) {
		boolean up = change.view() != null && change.view().connection() != null
				&& change.view().connection().state().reachable();
		Boolean before = this.reachable.put(change.name(), up);
		if (up && !Boolean.TRUE.equals(before)) {
			try {
				long epoch = this.store.nextEpoch(change.name());
				this.epochs.put(change.name(), epoch);
				logger.log(Level.DEBUG, () -> change.name() + " connected: its label times count in epoch " + epoch);
			}
			catch (RuntimeException ex) {
				logger.log(Level.WARNING, "the clock epoch of " + change.name() + " not raised in Redis ("
						+ ex.getMessage() + "); its items compare with the last epoch known");
			}
		}
	}

	/** Applies a batch now, on the caller's thread, and publishes what was applied. */
	ExportCollector.Collected collect(List<Export> exports) {
		ExportCollector.Collected collected = this.collector.collect(exports);
		collected.updates().forEach(this.events::publishEvent);
		for (FlowPath path : collected.paths()) {
			try {
				this.store.saveFlowPath(path.flow(), this.json.writeValueAsString(path));
			}
			catch (JsonProcessingException ex) {
				throw new IllegalStateException("cannot write a flow path as JSON", ex);
			}
		}
		return collected;
	}

	private void drain() {
		List<Export> batch = new ArrayList<>(this.batchExports);
		while (!Thread.currentThread().isInterrupted()) {
			try {
				Export first = this.queue.poll(500, TimeUnit.MILLISECONDS);
				if (first == null) {
					continue;
				}
				batch.add(first);
				this.queue.drainTo(batch, this.batchExports - 1);
				collect(batch);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
			catch (RuntimeException ex) {
				logger.log(Level.WARNING, batch.size() + " INT-label exports not applied: " + ex.getMessage());
			}
			finally {
				batch.clear();
			}
		}
	}

	private long epochOf(String switchName) {
		return this.epochs.getOrDefault(switchName, 0L);
	}

	@Override
	public synchronized void start() {
		try {
			this.epochs.putAll(this.store.epochs());
		}
		catch (RuntimeException ex) {
			logger.log(Level.WARNING, "clock epochs not read from Redis (" + ex.getMessage() + "); from 0");
		}
		for (int w = 0; w < this.workers; w++) {
			Thread thread = new Thread(this::drain, "labeling-collection-" + w);
			thread.setDaemon(true);
			thread.start();
			this.running.add(thread);
		}
	}

	@Override
	public synchronized void stop() {
		this.running.forEach(Thread::interrupt);
		for (Thread thread : this.running) {
			try {
				thread.join(2_000);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		}
		this.running.clear();
	}

	@Override
	public boolean isRunning() {
		return !this.running.isEmpty();
	}

}
