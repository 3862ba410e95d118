package io.sonde.emulator.pipeline;

import io.sonde.p4programs.codec.ReportFormat;

/**
 * A telemetry report a sink emitted for a packet, with the values of the sink's own hop
 * (which the report carries in its header, not in the stack).
 *
 * @param packetId the emulator's id of the reported packet
 * @param nodeId the sink's INT Node ID
 * @param hwId TR hw_id
 * @param sequenceNumber the full 32-bit sequence register value (TR-2.0 sends its low 22
 * bits)
 * @param format the report format
 * @param ingressPort where the packet entered the sink
 * @param egressPort where the sink forwarded it
 * @param ingressTimestamp the sink's ingress timestamp (48 bits)
 * @param egressTimestamp the report clone's egress timestamp
 * @param hopLatency egress − ingress timestamp
 * @param stackHops hops the reported packet's stack held (typed hops parsed)
 */
public record ReportTruth(long packetId, long nodeId, int hwId, long sequenceNumber, ReportFormat format,
		int ingressPort, int egressPort, long ingressTimestamp, long egressTimestamp, long hopLatency, int stackHops) {
}
