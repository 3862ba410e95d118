package io.sonde.emulator.pipeline;

import io.sonde.p4programs.SondePipeline;

/**
 * {@code control IntSink} (int_sink.p4), at ingress of the last INT hop: when the egress
 * port faces a host ({@code int_sink_ports}), the event pre-filter decides whether the
 * packet is worth a report, the report clone is made (an ingress-to-egress clone: the
 * packet as received, INT included, to session {@code INT_REPORT_CLONE_SESSION_ID}), and
 * INT is stripped so the packet leaves as the source saw it (INT-2.1 §5.8; paper 003
 * §III-A).
 */
final class IntSink {

	/** The egress port is not a sink port. */
	static final int NOT_SINK = 0;

	/** A sink port, but the packet's INT did not parse: it leaves as it came. */
	static final int SINK_KEPT_INT = 1;

	/** A sink port: INT stripped (and maybe cloned for a report). */
	static final int SINK_STRIPPED = 2;

	private final SondeTables tables;

	private final EventFilter eventFilter;

	private final GroundTruth groundTruth;

	IntSink(SondeTables tables, SondeRegisters registers, GroundTruth groundTruth) {
		this.tables = tables;
		this.eventFilter = new EventFilter(tables, registers);
		this.groundTruth = groundTruth;
	}

	/**
	 * The apply block; returns {@link #NOT_SINK}, {@link #SINK_KEPT_INT} or
	 * {@link #SINK_STRIPPED} ({@code meta.int_meta.is_sink} and what became of INT). The
	 * frame must not have been changed by forwarding yet: the clone is the packet as
	 * received.
	 */
	int apply(MutableFrame frame, ParsedHeaders headers, int egressSpec, long ingressTimestamp, int ingressPort,
			IngressResult result) {
		boolean isSink = this.tables.intSinkPorts(egressSpec, headers.frameLength);
		byte[] bytes = frame.bytes();
		// A stack that did not parse cannot be stripped: such a packet leaves as it came.
		if (!isSink) {
			return NOT_SINK;
		}
		if (!headers.intMd || (WireBytes.u8(bytes, headers.mdOffset()) >>> 4) != IntWire.INT_VERSION
				|| !headers.parsedCleanly()) {
			return SINK_KEPT_INT;
		}
		if (this.eventFilter.apply(bytes, headers)) {
			int sessionPort = this.tables.cloneSessionPort(SondePipeline.INT_REPORT_CLONE_SESSION_ID);
			if (sessionPort >= 0) {
				result.cloneFrom(bytes, frame.length(), sessionPort, ingressTimestamp, ingressPort, egressSpec);
			}
		}
		int intBytes = 4 * (WireBytes.u8(bytes, headers.shimOffset + 1) + 1);
		this.groundTruth.recordSinkStack(result.packetId, this.tables.intNodeId(), bytes, headers.shimOffset, intBytes);
		strip(frame, headers, result);
		return SINK_STRIPPED;
	}

	// What the source and transit hops changed: the DSCP (kept in the shim) and the
	// lengths, which grew by the shim and its Length words (INT-2.1 §5.7.2).
	private static void strip(MutableFrame frame, ParsedHeaders headers, IngressResult result) {
		byte[] bytes = frame.bytes();
		int shim = headers.shimOffset;
		int intBytes = 4 * (WireBytes.u8(bytes, shim + 1) + 1);
		int originalDscp = WireBytes.u8(bytes, shim + 3) >>> 2;
		int ip = headers.ipOffset;
		if (headers.ipv4) {
			bytes[ip + 1] = (byte) ((originalDscp << 2) | (bytes[ip + 1] & 0x03));
			IntSource.addToLength(bytes, ip + 2, -intBytes);
		}
		if (headers.ipv6) {
			// The DSCP is bits 4-9 of the first IPv6 word (the traffic
			// class's upper six).
			int first = WireBytes.u16(bytes, ip);
			WireBytes.put16(bytes, ip, (first & ~(0x3F << 6)) | (originalDscp << 6));
			IntSource.addToLength(bytes, ip + 4, -intBytes);
		}
		if (headers.udp) {
			IntSource.addToLength(bytes, headers.l4Offset + 4, -intBytes);
		}
		if ((bytes[headers.mdOffset()] & 0x08) != 0) {
			// D: the sink drops the packet after reporting it (mark_to_drop).
			result.egressPort = IntWire.DROP_PORT;
		}
		frame.remove(shim, intBytes);
	}

}
