package io.sonde.switches.internal;

import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.sonde.topology.ImportedTopology;
import io.sonde.topology.TopologyCatalog;
import io.sonde.topology.TopologyImported;
import io.sonde.topology.TopologySwitch;

import org.springframework.context.SmartLifecycle;
import org.springframework.context.event.EventListener;

/**
 * Probes every switch of the current topology every {@code probe-interval}, at most
 * {@code probe-concurrency} at a time. A switch still being probed when its next turn
 * comes (one that lets the deadline run out) is skipped for that round rather than
 * queued, so silent switches cannot pile up work. A new topology is probed at once.
 */
public class EndpointProbing implements SmartLifecycle {

	private static final Logger logger = LoggerFactory.getLogger(EndpointProbing.class);

	private final TopologyCatalog catalog;

	private final EndpointStates states;

	private final SwitchesProperties properties;

	private final Clock clock;

	// Guarded by this.
	private Map<String, EndpointProbe> probes = new LinkedHashMap<>();

	private ScheduledExecutorService rounds;

	private ExecutorService workers;

	public EndpointProbing(TopologyCatalog catalog, EndpointStates states, SwitchesProperties properties, Clock clock) {
		this.catalog = catalog;
		this.states = states;
		this.properties = properties;
		this.clock = clock;
	}

	@Override
	public synchronized void start() {
		this.workers = Executors.newFixedThreadPool(this.properties.probeConcurrency(), threads("switch-probe-"));
		this.rounds = Executors.newSingleThreadScheduledExecutor(threads("switch-probe-rounds-"));
		this.catalog.current().ifPresent(this::follow);
		this.rounds.scheduleWithFixedDelay(this::probeAll, 0, this.properties.probeInterval().toMillis(),
				TimeUnit.MILLISECONDS);
	}

	@Override
	public synchronized void stop() {
		this.rounds.shutdownNow();
		this.workers.shutdownNow();
		this.probes.values().forEach(EndpointProbe::close);
		this.probes = new LinkedHashMap<>();
		this.rounds = null;
		this.workers = null;
	}

	@Override
	public synchronized boolean isRunning() {
		return this.rounds != null;
	}

	@EventListener
	public void topologyImported(TopologyImported imported) {
		follow(imported.imported());
		synchronized (this) {
			if (this.rounds != null) {
				submit(this.rounds, this::probeAll);
			}
		}
	}

	/**
	 * Probes the switches of {@code imported} from now on, keeping the connections to
	 * switches that are still at the same address.
	 */
	private synchronized void follow(ImportedTopology imported) {
		List<TopologySwitch> switches = imported.topology().switches();
		Map<String, EndpointProbe> next = new LinkedHashMap<>();
		List<EndpointProbe> dropped = new ArrayList<>();
		for (TopologySwitch target : switches) {
			EndpointProbe known = this.probes.remove(target.name());
			if (known != null && known.probes(target)) {
				next.put(target.name(), known);
				continue;
			}
			if (known != null) {
				dropped.add(known);
			}
			next.put(target.name(), new EndpointProbe(target, this.properties.probeTimeout(), this.clock));
		}
		dropped.addAll(this.probes.values());
		this.probes = next;
		this.states.track(switches);
		if (!dropped.isEmpty()) {
			// Closing waits for a probe in progress; not on the caller's thread.
			Runnable closeAll = () -> dropped.forEach(EndpointProbe::close);
			if (this.workers == null || !submit(this.workers, closeAll)) {
				closeAll.run();
			}
		}
	}

	/** Runs on the rounds thread; an exception here would end the schedule. */
	private void probeAll() {
		try {
			startProbes();
		}
		catch (RuntimeException ex) {
			logger.error("A probe round could not start; trying again next round", ex);
		}
	}

	private void startProbes() {
		List<EndpointProbe> current;
		ExecutorService pool;
		synchronized (this) {
			current = List.copyOf(this.probes.values());
			pool = this.workers;
		}
		if (pool == null) {
			return;
		}
		for (EndpointProbe probe : current) {
			if (!probe.tryClaim()) {
				continue;
			}
			if (!submit(pool, () -> probeAndRecord(probe))) {
				probe.release();
			}
		}
	}

	private void probeAndRecord(EndpointProbe probe) {
		try {
			this.states.record(probe.target(), probe.probe());
		}
		catch (RuntimeException ex) {
			logger.error("Recording the result of the {} failed", probe, ex);
		}
		finally {
			probe.release();
		}
	}

	/**
	 * @return false if the executor is shutting down (the service is stopping)
	 */
	private static boolean submit(ExecutorService executor, Runnable task) {
		try {
			executor.execute(task);
			return true;
		}
		catch (RejectedExecutionException ex) {
			logger.debug("Not probing: the service is stopping");
			return false;
		}
	}

	private static ThreadFactory threads(String prefix) {
		AtomicInteger count = new AtomicInteger();
		return (task) -> {
			Thread thread = new Thread(task, prefix + count.incrementAndGet());
			thread.setDaemon(true);
			return thread;
		};
	}

}
