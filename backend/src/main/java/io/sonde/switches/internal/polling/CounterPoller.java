package io.sonde.switches.internal.polling;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

import io.sonde.p4programs.entries.SondeEntities;
import io.sonde.p4programs.SondePipeline;
import io.sonde.p4runtime.entity.CounterEntries;
import io.sonde.p4runtime.entity.Entities;
import io.sonde.switches.ConnectionState;
import io.sonde.switches.PollingRound;
import io.sonde.switches.PollingRound.PortPackets;
import io.sonde.switches.PollingRound.SwitchPoll;
import io.sonde.switches.PortCounterPolling;
import io.sonde.switches.SwitchView;
import p4.v1.CounterEntry;
import p4.v1.Entity;

/**
 * Polls port counters as an SNMP manager would walk ifInOctets/ifOutOctets: one Read
 * request per counter cell, ingress then egress, port by port, switch by switch, with at
 * most {@code concurrency} switches in flight.
 */
public class CounterPoller implements PortCounterPolling, AutoCloseable {

	static final String INGRESS = SondeEntities.INGRESS_PORT_COUNTER;

	static final String EGRESS = SondeEntities.EGRESS_PORT_COUNTER;

	private final PolledSwitches switches;

	private final int concurrency;

	private final Clock clock;

	private final CounterEntries counters = new CounterEntries(SondePipeline.p4Info());

	private final ExecutorService workers;

	// The latest round and the one before, replaced together (under this) so that
	// lastTwo() always gives two consecutive rounds.
	private volatile PollingRound latest;

	private volatile PollingRound previous;

	public CounterPoller(PolledSwitches switches, int concurrency, Clock clock) {
		this.switches = switches;
		this.concurrency = concurrency;
		this.clock = clock;
		AtomicInteger count = new AtomicInteger();
		this.workers = Executors.newFixedThreadPool(concurrency, (task) -> {
			Thread thread = new Thread(task, "port-counter-poll-" + count.incrementAndGet());
			thread.setDaemon(true);
			return thread;
		});
	}

	@Override
	public synchronized PollingRound pollNow() {
		Instant started = this.clock.instant();
		List<SwitchView> connected = this.switches.connected()
			.stream()
			.filter((view) -> view.connection().state() == ConnectionState.PRIMARY
					|| view.connection().state() == ConnectionState.BACKUP)
			.toList();
		long t0 = System.nanoTime();
		List<Future<SwitchPoll>> pending = new ArrayList<>();
		AtomicInteger reads = new AtomicInteger();
		for (SwitchView view : connected) {
			pending.add(this.workers.submit(() -> poll(view.name(), reads)));
		}
		List<SwitchPoll> results = new ArrayList<>();
		for (Future<SwitchPoll> result : pending) {
			try {
				results.add(result.get());
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				break;
			}
			catch (java.util.concurrent.ExecutionException ex) {
				throw new IllegalStateException("polling failed", ex.getCause());
			}
		}
		PollingRound round = new PollingRound(started, this.concurrency, results, reads.get(),
				(System.nanoTime() - t0) / 1e6);
		synchronized (this) {
			this.previous = this.latest;
			this.latest = round;
		}
		return round;
	}

	@Override
	public Optional<PollingRound> latest() {
		return Optional.ofNullable(this.latest);
	}

	@Override
	public synchronized PollingRound[] lastTwo() {
		return new PollingRound[] { this.latest, this.previous };
	}

	@Override
	public void close() {
		this.workers.shutdownNow();
	}

	private SwitchPoll poll(String name, AtomicInteger reads) {
		List<Integer> ports = this.switches.ports(name);
		long t0 = System.nanoTime();
		long in = 0;
		long out = 0;
		SortedMap<Integer, PortPackets> perPort = new TreeMap<>();
		try {
			Function<List<Entity>, List<Entity>> read = this.switches.reader(name);
			for (int port : ports) {
				long received = packets(read, INGRESS, port);
				long sent = packets(read, EGRESS, port);
				reads.addAndGet(2);
				in += received;
				out += sent;
				perPort.put(port, new PortPackets(received, sent));
			}
			return new SwitchPoll(name, ports.size(), in, out, (System.nanoTime() - t0) / 1e6, null, perPort);
		}
		catch (RuntimeException ex) {
			return new SwitchPoll(name, ports.size(), in, out, (System.nanoTime() - t0) / 1e6, ex.getMessage(),
					perPort);
		}
	}

	private long packets(Function<List<Entity>, List<Entity>> read, String counter, int port) {
		CounterEntry cell = this.counters.read(counter, port);
		List<Entity> answer = read.apply(List.of(Entities.of(cell)));
		return answer.isEmpty() ? 0 : answer.get(0).getCounterEntry().getData().getPacketCount();
	}

}
