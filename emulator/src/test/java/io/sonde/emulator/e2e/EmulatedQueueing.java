package io.sonde.emulator.e2e;

import java.util.HashMap;
import java.util.Map;

import io.sonde.emulator.net.EgressContext;
import io.sonde.emulator.net.QueueingRecorder;
import io.sonde.emulator.net.SwitchNode;

/**
 * What the emulated egress queues did to each packet at each switch, seen by the network
 * itself (not by the pipeline): how long the packet waited and how many packets were
 * still queued behind it when it left. The independent truth INT values are compared
 * with.
 */
final class EmulatedQueueing implements QueueingRecorder {

	/** One packet leaving one switch's queue. */
	record Departure(long waitNanos, int depthAtDequeue, int depthAtEnqueue) {
	}

	private record Key(long packetId, long deviceId) {
	}

	private final Map<Key, Departure> departures = new HashMap<>();

	private final Map<Long, Integer> flowOfPacket = new HashMap<>();

	@Override
	public void onDequeue(EgressContext egress) {
		this.flowOfPacket.put(egress.packet().id(), egress.packet().flowIndex());
		if (egress.node() instanceof SwitchNode node) {
			this.departures.put(new Key(egress.packet().id(), node.deviceId()),
					new Departure(egress.queueWaitNanos(), egress.queueDepthAtDequeue(), egress.queueDepthAtEnqueue()));
		}
	}

	/** The traffic flow index packet {@code packetId} belongs to, or -1. */
	int flowOf(long packetId) {
		return this.flowOfPacket.getOrDefault(packetId, -1);
	}

	/**
	 * How packet {@code packetId} left the switch with device id {@code deviceId}, or
	 * null.
	 */
	Departure at(long packetId, long deviceId) {
		return this.departures.get(new Key(packetId, deviceId));
	}

}
