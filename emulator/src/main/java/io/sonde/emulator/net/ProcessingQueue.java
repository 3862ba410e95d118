package io.sonde.emulator.net;

import java.util.function.Consumer;

import io.sonde.emulator.sim.EventHandler;
import io.sonde.emulator.sim.EventScheduler;

/**
 * The input buffer and processor of a switch with a {@link ProcessingRate}: FIFO,
 * drop-tail, one packet in service at a time for a fixed service time, after which the
 * pipeline runs on it. Scheduler's thread only.
 */
final class ProcessingQueue {

	private final EventScheduler scheduler;

	private final PacketPool pool;

	private final ProcessingRate rate;

	private final long serviceNanos;

	private final Consumer<Packet> pipeline;

	private final EventHandler serviceDone = (subject, argument) -> finishService((Packet) subject);

	private final PacketFifo waiting = new PacketFifo();

	private boolean busy;

	private long processed;

	private long drops;

	ProcessingQueue(EventScheduler scheduler, PacketPool pool, ProcessingRate rate, Consumer<Packet> pipeline) {
		this.scheduler = scheduler;
		this.pool = pool;
		this.rate = rate;
		this.serviceNanos = rate.serviceNanos();
		this.pipeline = pipeline;
	}

	ProcessingRate rate() {
		return this.rate;
	}

	/**
	 * Takes an arrived packet; it is processed in turn, or dropped if the buffer is full.
	 */
	void offer(Packet packet) {
		if (!this.busy) {
			startService(packet);
			return;
		}
		if (this.waiting.size() >= this.rate.queueCapacityPackets()) {
			this.drops++;
			this.pool.release(packet);
			return;
		}
		this.waiting.add(packet);
	}

	private void startService(Packet packet) {
		this.busy = true;
		this.scheduler.scheduleAfter(this.serviceNanos, this.serviceDone, packet, 0);
	}

	private void finishService(Packet packet) {
		this.processed++;
		this.busy = false;
		Packet next = this.waiting.poll();
		if (next != null) {
			startService(next);
		}
		this.pipeline.accept(packet);
	}

	/** Drops the packets waiting (power lost); the one in service is lost too. */
	int discardWaiting() {
		return this.waiting.releaseAll(this.pool);
	}

	int depth() {
		return this.waiting.size();
	}

	long processed() {
		return this.processed;
	}

	long drops() {
		return this.drops;
	}

	long busyNanos() {
		return this.processed * this.serviceNanos;
	}

}
