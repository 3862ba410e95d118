package io.sonde.emulator.net;

import io.sonde.emulator.sim.EventHandler;
import io.sonde.emulator.sim.EventScheduler;

/**
 * The egress queue and transmitter of one port: FIFO, drop-tail, serialization at the
 * link's bandwidth.
 * <p>
 * Model (the one of a store-and-forward switch port): an arriving packet starts
 * transmission at once if the transmitter is idle; otherwise it waits, unless
 * {@code capacity} packets are already waiting, in which case it is dropped. The packet
 * being transmitted is not counted as waiting. When a packet leaves the queue the egress
 * stage ({@link EgressObserver}) runs with the queueing facts, then the frame occupies
 * the transmitter for its serialization time and goes on the wire.
 */
public final class EgressQueue {

	private final EventScheduler scheduler;

	private final PacketPool pool;

	private final Port port;

	private final LinkDirection wire;

	private int capacity;

	private final EventHandler transmissionDone = (subject, argument) -> finishTransmission((Packet) subject);

	private final Egress egress = new Egress();

	private final PacketFifo waiting = new PacketFifo();

	private boolean transmitting;

	private int maxDepth;

	QueueingRecorder recorder;

	EgressQueue(EventScheduler scheduler, PacketPool pool, Port port, LinkDirection wire, int capacity) {
		this.scheduler = scheduler;
		this.pool = pool;
		this.port = port;
		this.wire = wire;
		this.capacity = capacity;
	}

	public Port port() {
		return this.port;
	}

	public int capacity() {
		return this.capacity;
	}

	/**
	 * A new capacity for arrivals from now on; packets already waiting beyond it stay (a
	 * shrinking buffer does not drop what it holds).
	 */
	void setCapacity(int packets) {
		this.capacity = packets;
	}

	/**
	 * Drops every packet waiting (a switch losing power loses its buffers); the one being
	 * transmitted finishes.
	 * @return the packets dropped
	 */
	int discardWaiting() {
		return this.waiting.releaseAll(this.pool);
	}

	/** Packets waiting (not counting the one being transmitted). */
	public int depth() {
		return this.waiting.size();
	}

	/** The deepest the queue has been. */
	public int maxDepth() {
		return this.maxDepth;
	}

	public boolean isTransmitting() {
		return this.transmitting;
	}

	/** Takes a packet for transmission; the queue owns it from here. */
	void enqueue(Packet packet) {
		long now = this.scheduler.now();
		packet.enqueueTimestamp = now;
		if (!this.transmitting) {
			packet.enqueueDepth = 0;
			transmitFrom(packet, now);
			return;
		}
		if (this.waiting.size() >= this.capacity) {
			this.port.counters().queueDrops++;
			this.pool.release(packet);
			return;
		}
		packet.enqueueDepth = this.waiting.size();
		this.waiting.add(packet);
		if (this.waiting.size() > this.maxDepth) {
			this.maxDepth = this.waiting.size();
		}
	}

	/**
	 * Transmits {@code first}, or the next waiting packet if its egress stage drops it.
	 */
	private void transmitFrom(Packet first, long now) {
		Packet candidate = first;
		while (candidate != null) {
			if (startTransmission(candidate, now)) {
				return;
			}
			candidate = this.waiting.poll();
		}
	}

	private boolean startTransmission(Packet packet, long now) {
		EgressObserver observer = packet.egressObserver;
		QueueingRecorder groundTruth = this.recorder;
		if (observer != null || groundTruth != null) {
			this.egress.begin(packet, now);
			try {
				if (observer != null) {
					observer.onEgress(this.egress);
					if (this.egress.dropped) {
						this.port.counters().egressDrops++;
						this.pool.release(packet);
						return false;
					}
				}
				if (groundTruth != null) {
					groundTruth.onDequeue(this.egress);
				}
			}
			finally {
				this.egress.end();
			}
		}
		this.transmitting = true;
		int length = packet.length();
		PortCounters counters = this.port.counters();
		counters.transmittedPackets++;
		counters.transmittedBytes += length;
		PacketTap[] taps = this.port.taps;
		for (PacketTap tap : taps) {
			tap.capture(this.port.transmitPoint, now, packet, packet.frame(), length);
		}
		this.scheduler.schedule(now + this.wire.parameters().serializationNanos(length), this.transmissionDone, packet,
				0);
		return true;
	}

	private void finishTransmission(Packet packet) {
		long now = this.scheduler.now();
		this.transmitting = false;
		this.wire.carry(packet, now);
		Packet next = this.waiting.poll();
		if (next != null) {
			transmitFrom(next, now);
		}
	}

	/** The reusable view the egress stage gets. */
	private final class Egress implements EgressContext {

		private Packet packet;

		private long egressTimestamp;

		private int depthAtDequeue;

		boolean dropped;

		void begin(Packet current, long now) {
			this.packet = current;
			this.egressTimestamp = now;
			this.depthAtDequeue = EgressQueue.this.waiting.size();
			this.dropped = false;
		}

		void end() {
			this.packet = null;
		}

		@Override
		public Packet packet() {
			return this.packet;
		}

		@Override
		public Node node() {
			return EgressQueue.this.port.node();
		}

		@Override
		public int egressPort() {
			return EgressQueue.this.port.number();
		}

		@Override
		public long egressTimestampNanos() {
			return this.egressTimestamp;
		}

		@Override
		public long enqueueTimestampNanos() {
			return this.packet.enqueueTimestamp;
		}

		@Override
		public int queueDepthAtEnqueue() {
			return this.packet.enqueueDepth;
		}

		@Override
		public int queueDepthAtDequeue() {
			return this.depthAtDequeue;
		}

		@Override
		public int queueCapacity() {
			return EgressQueue.this.capacity;
		}

		@Override
		public void drop() {
			this.dropped = true;
		}

		@Override
		public void sendReport(byte[] frame, int offset, int length) {
			EgressQueue.this.port.node().emitReport(frame, offset, length);
		}

	}

}
