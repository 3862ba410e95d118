package io.sonde.emulator.pipeline;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

import io.sonde.p4programs.codec.HopValue;
import io.sonde.p4programs.codec.IntHop;
import io.sonde.p4programs.codec.IntMdCodec;
import io.sonde.p4programs.codec.IntMdHeader;
import io.sonde.p4programs.codec.IntMdPacket;
import io.sonde.p4programs.codec.IntShim;
import io.sonde.p4programs.codec.IntVersion;
import io.sonde.p4programs.codec.MalformedTelemetry;
import io.sonde.p4programs.packet.DissectedFrame;
import io.sonde.p4programs.packet.FrameDissector;
import io.sonde.p4programs.packet.MalformedFrame;
import io.sonde.p4programs.capture.LinkType;

/**
 * INT-bearing frames for tests, made with the INT codec (as a foreign source and transit
 * nodes would have made them), and the INT of frames the pipeline wrote, read back with
 * the codec.
 */
final class IntTestFrames {

	private IntTestFrames() {
	}

	/**
	 * A hop carrying the values bitmap {@code instructions} selects, each from a seed.
	 */
	static IntHop hop(int instructions, long seed) {
		Map<HopValue, Long> values = new EnumMap<>(HopValue.class);
		if ((instructions & 0x8000) != 0) {
			values.put(HopValue.SWITCH_ID, seed);
		}
		if ((instructions & 0x4000) != 0) {
			values.put(HopValue.INGRESS_PORT, seed % 500);
			values.put(HopValue.EGRESS_PORT, (seed + 1) % 500);
		}
		if ((instructions & 0x2000) != 0) {
			values.put(HopValue.HOP_LATENCY, seed * 10);
		}
		if ((instructions & 0x1000) != 0) {
			values.put(HopValue.QUEUE_ID, 0L);
			values.put(HopValue.QUEUE_OCCUPANCY, seed * 2);
		}
		if ((instructions & 0x0800) != 0) {
			values.put(HopValue.INGRESS_TS, seed * 1000);
		}
		if ((instructions & 0x0400) != 0) {
			values.put(HopValue.EGRESS_TS, seed * 1000 + 5);
		}
		if ((instructions & 0x0200) != 0) {
			values.put(HopValue.L2_INGRESS_PORT, seed % 500);
			values.put(HopValue.L2_EGRESS_PORT, (seed + 1) % 500);
		}
		if ((instructions & 0x0100) != 0) {
			values.put(HopValue.EGRESS_TX_UTIL, seed * 3);
		}
		if ((instructions & 0x0080) != 0) {
			values.put(HopValue.BUFFER_ID, 1L);
			values.put(HopValue.BUFFER_OCCUPANCY, seed * 4);
		}
		return IntHop.of(values);
	}

	/**
	 * Hops with the given hop latencies (and queue occupancies 2 × latency), source
	 * first.
	 */
	static List<IntHop> latencyHops(int instructions, long... latencies) {
		List<IntHop> hops = new ArrayList<>();
		for (long latency : latencies) {
			Map<HopValue, Long> values = new EnumMap<>(hop(instructions, 7).values());
			if (values.containsKey(HopValue.HOP_LATENCY)) {
				values.put(HopValue.HOP_LATENCY, latency);
			}
			if (values.containsKey(HopValue.QUEUE_OCCUPANCY)) {
				values.put(HopValue.QUEUE_OCCUPANCY, latency * 2);
			}
			hops.add(IntHop.of(values));
		}
		return hops;
	}

	/** A v2.1 INT-MD packet with these hops (source first), built by the codec. */
	static IntMdPacket intPacket(int instructions, int remainingHopCount, int originalDscp, List<IntHop> hops) {
		return IntMdPacket.build(IntVersion.V2_1, IntShim.v2(0, originalDscp << 2),
				IntMdHeader.v2(instructions, IntWire.hopWords(instructions), remainingHopCount), hops, List.of(), null);
	}

	/**
	 * {@code frame} (TCP or UDP, DSCP 0x17) with {@code intBytes} inserted behind its L4
	 * header and the IPv4 total length, UDP length and IPv4 checksum grown to match.
	 */
	static byte[] withInt(byte[] frame, byte[] intBytes) {
		DissectedFrame dissected = dissect(frame);
		int at = dissected.l4Offset() + ((dissected.protocol() == IntWire.IP_PROTO_TCP) ? 20 : 8);
		byte[] out = new byte[frame.length + intBytes.length];
		System.arraycopy(frame, 0, out, 0, at);
		System.arraycopy(intBytes, 0, out, at, intBytes.length);
		System.arraycopy(frame, at, out, at + intBytes.length, frame.length - at);
		int ip = dissected.ipOffset();
		if (dissected.ipVersion() == 4) {
			IntSource.addToLength(out, ip + 2, intBytes.length);
			Ipv4Checksum.update(out, ip);
		}
		else {
			IntSource.addToLength(out, ip + 4, intBytes.length);
		}
		if (dissected.protocol() == IntWire.IP_PROTO_UDP) {
			IntSource.addToLength(out, dissected.l4Offset() + 4, intBytes.length);
		}
		return out;
	}

	static byte[] withInt(byte[] frame, IntMdPacket packet) {
		return withInt(frame, IntMdCodec.encode(packet));
	}

	/** The INT of a frame the pipeline wrote, read with the codec. */
	static IntMdPacket readInt(byte[] frame, int length) {
		DissectedFrame dissected = dissect(java.util.Arrays.copyOf(frame, length));
		int at = dissected.l4Offset() + ((dissected.protocol() == IntWire.IP_PROTO_TCP) ? 20 : 8);
		try {
			return IntMdCodec.decode(frame, at, length - at);
		}
		catch (MalformedTelemetry ex) {
			throw new AssertionError("the pipeline wrote INT the codec cannot read: " + ex.getMessage(), ex);
		}
	}

	static IntMdPacket readInt(FrameBuffer frame) {
		return readInt(frame.bytes(), frame.length());
	}

	static DissectedFrame dissect(byte[] frame) {
		try {
			return FrameDissector.dissect(LinkType.ETHERNET, frame, 0, frame.length);
		}
		catch (MalformedFrame ex) {
			throw new AssertionError("not a frame the dissector reads: " + ex.getMessage(), ex);
		}
	}

}
