package io.sonde.emulator.traffic;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;

import io.sonde.emulator.net.HostNode;
import io.sonde.emulator.net.Packet;
import io.sonde.emulator.net.PacketReceiver;

/**
 * Flows started on a network by {@link Traffic#start}: their generators and ground-truth
 * statistics. Each destination host's receiver counts this run's packets and passes any
 * other packet to the receiver it had before.
 */
public final class TrafficRun {

	private final int firstFlowIndex;

	private final FlowStatistics[] statistics;

	private final FlowGenerator[] generators;

	TrafficRun(int firstFlowIndex, FlowStatistics[] statistics, FlowGenerator[] generators) {
		this.firstFlowIndex = firstFlowIndex;
		this.statistics = statistics;
		this.generators = generators;
	}

	/** Number of flows. */
	public int size() {
		return this.statistics.length;
	}

	/** Statistics of the {@code i}-th flow of the run (0-based, in the order given). */
	public FlowStatistics flow(int i) {
		return this.statistics[i];
	}

	public List<FlowStatistics> flows() {
		return Collections.unmodifiableList(Arrays.asList(this.statistics));
	}

	/**
	 * The ground-truth flow index ({@link Packet#flowIndex()}) of the {@code i}-th flow.
	 */
	public int flowIndexOf(int i) {
		return this.firstFlowIndex + i;
	}

	public long sentPackets() {
		long total = 0;
		for (FlowStatistics flow : this.statistics) {
			total += flow.sentPackets;
		}
		return total;
	}

	public long receivedPackets() {
		long total = 0;
		for (FlowStatistics flow : this.statistics) {
			total += flow.receivedPackets;
		}
		return total;
	}

	/** Stops every generator at its next packet (scheduler's thread). */
	public void stop() {
		for (FlowGenerator generator : this.generators) {
			generator.stop();
		}
	}

	/** The receiver installed on a destination host. */
	PacketReceiver receiverChainedTo(PacketReceiver previous) {
		return (HostNode host, Packet packet, long timestampNanos) -> {
			int local = packet.flowIndex() - this.firstFlowIndex;
			if (local >= 0 && local < this.statistics.length) {
				this.statistics[local].received(packet.length(), timestampNanos - packet.sentTimestampNanos());
			}
			else {
				previous.received(host, packet, timestampNanos);
			}
		};
	}

}
