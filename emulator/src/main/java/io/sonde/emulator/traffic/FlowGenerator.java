package io.sonde.emulator.traffic;

import java.util.SplittableRandom;

import io.sonde.emulator.net.HostNode;
import io.sonde.emulator.net.Packet;
import io.sonde.emulator.net.PacketPool;
import io.sonde.emulator.sim.EventHandler;
import io.sonde.emulator.sim.EventScheduler;

/**
 * Sends one flow's packets: one scheduler event per packet, each building the frame into
 * a pooled packet and handing it to the source host's NIC.
 */
final class FlowGenerator implements EventHandler {

	private final EventScheduler scheduler;

	private final PacketPool pool;

	private final HostNode source;

	private final PacketBuilder builder;

	private final ArrivalProcess arrivals;

	private final SplittableRandom random;

	private final FlowStatistics statistics;

	private final long stopNanos;

	private long sequence;

	private boolean stopped;

	FlowGenerator(EventScheduler scheduler, PacketPool pool, HostNode source, PacketBuilder builder,
			ArrivalProcess arrivals, SplittableRandom random, FlowStatistics statistics, long stopNanos) {
		this.scheduler = scheduler;
		this.pool = pool;
		this.source = source;
		this.builder = builder;
		this.arrivals = arrivals;
		this.random = random;
		this.statistics = statistics;
		this.stopNanos = stopNanos;
	}

	void start(long startNanos) {
		long first = startNanos + this.arrivals.firstDelayNanos(this.random);
		if (first < this.stopNanos) {
			this.scheduler.schedule(first, this, null, 0);
		}
	}

	void stop() {
		this.stopped = true;
	}

	@Override
	public void handle(Object subject, long argument) {
		if (this.stopped) {
			return;
		}
		long now = this.scheduler.now();
		Packet packet = this.pool.acquire();
		this.builder.build(packet, this.sequence++);
		packet.setFlowIndex(this.statistics.flowIndex());
		this.statistics.sent(packet.length(), now);
		this.source.send(packet);
		long next = now + this.arrivals.nextGapNanos(this.random);
		if (next < this.stopNanos) {
			this.scheduler.schedule(next, this, null, 0);
		}
	}

}
