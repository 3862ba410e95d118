package io.sonde.emulator.pipeline;

import static io.sonde.emulator.pipeline.WireBytes.put16;
import static io.sonde.emulator.pipeline.WireBytes.put32;
import static io.sonde.emulator.pipeline.WireBytes.put48;

/**
 * The outer headers {@code send_report} sets on the report clone (TR-2.0 §3.1): Ethernet
 * to the collector's MAC (any VLAN tag removed), IPv4 with DF set, identification 0, TTL
 * 64 and its checksum (SondeComputeChecksum), UDP to the collector's port with checksum
 * 0.
 */
final class ReportEncapsulation {

	/** Ethernet 14 + IPv4 20 + UDP 8. */
	static final int HEADER_BYTES = 42;

	private static final int REPORT_IPV4_TTL = 64;

	private static final int FLAGS_DONT_FRAGMENT = 0x4000;

	private ReportEncapsulation() {
	}

	static byte[] frame(ReportCollector collector, int udpSourcePort, byte[] payload) {
		byte[] frame = new byte[HEADER_BYTES + payload.length];
		put48(frame, 0, collector.collectorMac());
		put48(frame, 6, collector.srcMac());
		put16(frame, 12, IntWire.ETHERTYPE_IPV4);
		int ip = IntWire.ETHERNET_BYTES;
		frame[ip] = 0x45;
		put16(frame, ip + 2, IntWire.IPV4_HEADER_BYTES + IntWire.UDP_HEADER_BYTES + payload.length);
		put16(frame, ip + 6, FLAGS_DONT_FRAGMENT);
		frame[ip + 8] = (byte) REPORT_IPV4_TTL;
		frame[ip + 9] = (byte) IntWire.IP_PROTO_UDP;
		put32(frame, ip + 12, collector.srcIp());
		put32(frame, ip + 16, collector.collectorIp());
		Ipv4Checksum.update(frame, ip);
		int udp = ip + IntWire.IPV4_HEADER_BYTES;
		put16(frame, udp, udpSourcePort);
		put16(frame, udp + 2, collector.collectorPort());
		put16(frame, udp + 4, IntWire.UDP_HEADER_BYTES + payload.length);
		System.arraycopy(payload, 0, frame, HEADER_BYTES, payload.length);
		return frame;
	}

}
