package io.sonde.emulator.pipeline;

import static io.sonde.emulator.pipeline.WireBytes.put16;
import static io.sonde.emulator.pipeline.WireBytes.put32;
import static io.sonde.emulator.pipeline.WireBytes.put64;
import static io.sonde.emulator.pipeline.WireBytes.u16;
import static io.sonde.emulator.pipeline.WireBytes.u8;

/**
 * {@code control IntTransit} (int_transit.p4), also the source's own hop: pushes this
 * node's metadata as the new hop 0, one item per instruction bit 0-8 in bit order
 * (INT-2.1 §5.8), then counts the hop in the headers. Values come from the emulated
 * switch as BMv2's would: hop latency is egress − ingress timestamp (queueing included),
 * the queue is queue 0 with its depth in packets from the emulated egress queue.
 * <p>
 * Egress TX utilization and buffer occupancy stay "unavailable" (all ones), as sonde.p4
 * writes them: the emulator's claim is to run sonde.p4, and a number that BMv2 would not
 * produce would make results from the emulator and from a switch disagree. The emulated
 * port has one queue and no shared buffer, so a buffer occupancy would only repeat the
 * queue's, and a TX utilization needs a rate estimator the P4 does not define.
 */
final class IntTransit {

	/** {@code INT_UNAVAILABLE_32}. */
	static final long UNAVAILABLE_32 = 0xFFFF_FFFFL;

	/** {@code INT_UNAVAILABLE_24}. */
	static final long UNAVAILABLE_24 = 0xFF_FFFFL;

	private static final int FLAG_E = 0x04;

	private static final int FLAG_M = 0x02;

	private final GroundTruth groundTruth;

	IntTransit(GroundTruth groundTruth) {
		this.groundTruth = groundTruth;
	}

	/** The apply block, for a packet whose INT-MD header parsed without error. */
	void apply(MutableFrame frame, ParsedHeaders headers, EgressMetadata meta, long switchId) {
		byte[] bytes = frame.bytes();
		int md = headers.mdOffset();
		int instructions = u16(bytes, md + 4);
		int hopMl = u8(bytes, md + 2) & 0x1F;
		// A node adds exactly Hop ML words or nothing (INT-2.1 §5.8), and leaves
		// Remaining Hop Count alone when it adds nothing.
		boolean writable = (instructions & IntWire.INSTR_UNSUPPORTED) == 0 && u16(bytes, md + 8) == 0 && hopMl != 0
				&& IntWire.hopWords(instructions) == hopMl;
		if ((u8(bytes, md) >>> 4) != IntWire.INT_VERSION || !writable) {
			return;
		}
		int remainingHopCount = u8(bytes, md + 3);
		if (remainingHopCount == 0) {
			bytes[md] |= FLAG_E;
		}
		else if (headers.hopCount == IntWire.MAX_INT_HOPS) {
			// The stacks are full: M tells the collector a node did not insert.
			bytes[md] |= FLAG_M;
		}
		else {
			push(frame, headers, meta, switchId, instructions, hopMl);
		}
	}

	private void push(MutableFrame frame, ParsedHeaders headers, EgressMetadata meta, long switchId, int instructions,
			int hopMl) {
		int pushedBytes = hopMl * 4;
		frame.insert(headers.stackOffset(), pushedBytes);
		byte[] bytes = frame.bytes();
		long latency = (meta.egressTimestamp - meta.ingressTimestamp) & EventMetrics.U32;
		long occupancy = meta.queueDepth & UNAVAILABLE_24;
		writeHop(bytes, headers.stackOffset(), instructions, meta, switchId, latency, occupancy);

		int md = headers.mdOffset();
		bytes[md + 3] = (byte) (u8(bytes, md + 3) - 1);
		bytes[headers.shimOffset + 1] = (byte) (u8(bytes, headers.shimOffset + 1) + hopMl);
		if (headers.ipv4) {
			IntSource.addToLength(bytes, headers.ipOffset + 2, pushedBytes);
		}
		if (headers.ipv6) {
			IntSource.addToLength(bytes, headers.ipOffset + 4, pushedBytes);
		}
		if (headers.udp) {
			IntSource.addToLength(bytes, headers.l4Offset + 4, pushedBytes);
		}
		this.groundTruth.recordHop(meta.packetId, switchId, meta.ingressPort, meta.egressPort, latency, occupancy,
				meta.ingressTimestamp, meta.egressTimestamp, instructions);
	}

	// push_switch_id .. push_buffer, in bitmap bit order.
	private static void writeHop(byte[] bytes, int offset, int instructions, EgressMetadata meta, long switchId,
			long latency, long occupancy) {
		int at = offset;
		if ((instructions & IntWire.INSTR_SWITCH_ID) != 0) {
			put32(bytes, at, switchId);
			at += 4;
		}
		if ((instructions & IntWire.INSTR_L1_PORT_IDS) != 0) {
			put16(bytes, at, meta.ingressPort);
			put16(bytes, at + 2, meta.egressPort);
			at += 4;
		}
		if ((instructions & IntWire.INSTR_HOP_LATENCY) != 0) {
			put32(bytes, at, latency);
			at += 4;
		}
		if ((instructions & IntWire.INSTR_QUEUE) != 0) {
			// BMv2 has one queue per port: queue 0, depth in packets.
			put32(bytes, at, occupancy);
			at += 4;
		}
		if ((instructions & IntWire.INSTR_INGRESS_TSTAMP) != 0) {
			put64(bytes, at, meta.ingressTimestamp);
			at += 8;
		}
		if ((instructions & IntWire.INSTR_EGRESS_TSTAMP) != 0) {
			put64(bytes, at, meta.egressTimestamp);
			at += 8;
		}
		if ((instructions & IntWire.INSTR_L2_PORT_IDS) != 0) {
			// v1model has no logical ports: the level-2 ids are the
			// physical ports, widened.
			put32(bytes, at, meta.ingressPort);
			put32(bytes, at + 4, meta.egressPort);
			at += 8;
		}
		if ((instructions & IntWire.INSTR_TX_UTIL) != 0) {
			put32(bytes, at, UNAVAILABLE_32);
			at += 4;
		}
		if ((instructions & IntWire.INSTR_BUFFER) != 0) {
			put32(bytes, at, 0xFF00_0000L | UNAVAILABLE_24);
		}
	}

}
