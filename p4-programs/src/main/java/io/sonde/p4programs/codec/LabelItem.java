package io.sonde.p4programs.codec;

import java.util.Objects;

/**
 * What one hop wrote into a labeled packet: one 32-byte item (INTLABEL-DECISIONS.md "Wire
 * format").
 *
 * @param deviceId the switch's INT node id, unsigned 32 bits
 * @param ingressPort the port the packet came in by, 16 bits
 * @param egressPort the labeling port (the index of Reg1 and Reg2), 16 bits
 * @param labelTime the switch clock when it labeled (BMv2 microseconds), an unsigned
 * 64-bit value kept as a long
 * @param hopLatency egress minus ingress timestamp, unsigned 32 bits
 * @param queueId the queue, 8 bits
 * @param queueDepth packets in the queue when the packet left it, 24 bits
 * @param txUtilization the egress port's tx utilization, unsigned 32 bits;
 * {@link LabelWire#TX_UTILIZATION_NOT_MEASURED} when not measured
 * @param shift S, the port's Reg2 value when it labeled, 8 bits
 * @param reason why the hop labeled
 */
public record LabelItem(long deviceId, int ingressPort, int egressPort, long labelTime, long hopLatency, int queueId,
		int queueDepth, long txUtilization, int shift, LabelReason reason) {

	public LabelItem {
		requireUnsigned32(deviceId, "device id");
		GpintWire.requireUnsigned(ingressPort, 16, "ingress port");
		GpintWire.requireUnsigned(egressPort, 16, "egress port");
		requireUnsigned32(hopLatency, "hop latency");
		GpintWire.requireUnsigned(queueId, 8, "queue id");
		GpintWire.requireUnsigned(queueDepth, 24, "queue depth");
		requireUnsigned32(txUtilization, "tx utilization");
		GpintWire.requireUnsigned(shift, 8, "shift");
		Objects.requireNonNull(reason, "reason");
	}

	/** Whether the switch measured the tx utilization. */
	public boolean txUtilizationMeasured() {
		return this.txUtilization != LabelWire.TX_UTILIZATION_NOT_MEASURED;
	}

	private static void requireUnsigned32(long value, String what) {
		if (value < 0 || value > 0xFFFF_FFFFL) {
			throw new IllegalArgumentException(what + " is not an unsigned 32-bit value: " + value);
		}
	}

}
