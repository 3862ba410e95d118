package io.sonde.emulator.net;

/**
 * Packet and byte counters of one port. Updated by the scheduler's thread; a read from
 * another thread sees a recent, possibly slightly stale value, which is what a status
 * line needs (a consistent read goes through
 * {@link io.sonde.emulator.sim.EventScheduler#submit}).
 */
public final class PortCounters {

	long receivedPackets;

	long receivedBytes;

	long transmittedPackets;

	long transmittedBytes;

	long queueDrops;

	long egressDrops;

	long unconnectedDrops;

	public long receivedPackets() {
		return this.receivedPackets;
	}

	public long receivedBytes() {
		return this.receivedBytes;
	}

	public long transmittedPackets() {
		return this.transmittedPackets;
	}

	public long transmittedBytes() {
		return this.transmittedBytes;
	}

	/** Packets the egress queue refused because it was full (drop-tail). */
	public long queueDrops() {
		return this.queueDrops;
	}

	/** Packets the egress stage of the pipeline dropped after leaving the queue. */
	public long egressDrops() {
		return this.egressDrops;
	}

	/** Packets sent to this port while no link was attached. */
	public long unconnectedDrops() {
		return this.unconnectedDrops;
	}

	/** All drops at this port. */
	public long drops() {
		return this.queueDrops + this.egressDrops + this.unconnectedDrops;
	}

	public Snapshot snapshot() {
		return new Snapshot(this.receivedPackets, this.receivedBytes, this.transmittedPackets, this.transmittedBytes,
				this.queueDrops, this.egressDrops, this.unconnectedDrops);
	}

	/** The counters at one moment. */
	public record Snapshot(long receivedPackets, long receivedBytes, long transmittedPackets, long transmittedBytes,
			long queueDrops, long egressDrops, long unconnectedDrops) {

		public long drops() {
			return this.queueDrops + this.egressDrops + this.unconnectedDrops;
		}

	}

}
