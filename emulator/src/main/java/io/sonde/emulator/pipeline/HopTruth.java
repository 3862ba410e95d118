package io.sonde.emulator.pipeline;

/**
 * What one switch pushed onto one packet's INT stack: every value INT transit computed
 * (whether or not the bitmap asked for it), in the switch's clock units, and the bitmap
 * that chose which of them went into the packet.
 *
 * @param packetId the emulator's id of the packet
 * @param switchId INT Node ID
 * @param ingressPort level-1 and level-2 ingress port
 * @param egressPort level-1 and level-2 egress port
 * @param hopLatency egress − ingress timestamp, cut to 32 bits
 * @param queueId always 0 (one queue per port)
 * @param queueOccupancy packets in the egress queue the packet saw (24 bits)
 * @param ingressTimestamp 48-bit ingress timestamp
 * @param egressTimestamp 48-bit egress timestamp
 * @param egressTxUtilization 0xFFFFFFFF: unavailable, as sonde.p4 writes it
 * @param bufferOccupancy 0xFFFFFF: unavailable, as sonde.p4 writes it
 * @param instructions the packet's instruction bitmap
 */
public record HopTruth(long packetId, long switchId, int ingressPort, int egressPort, long hopLatency, int queueId,
		long queueOccupancy, long ingressTimestamp, long egressTimestamp, long egressTxUtilization,
		long bufferOccupancy, int instructions) {
}
