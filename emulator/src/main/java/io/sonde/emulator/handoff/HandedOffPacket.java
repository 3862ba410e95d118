package io.sonde.emulator.handoff;

import java.util.List;

import io.sonde.emulator.pipeline.HopTruth;

/**
 * One packet handed to the agent: the frame it receives and what the switches put into
 * it.
 *
 * @param index 0 for the first packet handed off in the run, then 1, 2, ... (the frame's
 * place in the pcap and in the datagram sequence)
 * @param packetId the emulator's id of the packet
 * @param timestampNanos emulated time the host received the packet
 * @param sinkId INT Node ID of the switch that delivered it
 * @param nextProtocol the shim's NPT: 1 (UDP), 2 (a new UDP header, TCP)
 * @param flow the 5-tuple as the host receives it
 * @param hops the hops the switches pushed, source first (the stack holds them newest
 * first)
 * @param frame the frame the agent receives: removing INT from it gives the packet the
 * host received
 */
public record HandedOffPacket(long index, long packetId, long timestampNanos, long sinkId, int nextProtocol,
		FlowKey flow, List<HopTruth> hops, byte[] frame) {

	public HandedOffPacket {
		hops = List.copyOf(hops);
	}

}
