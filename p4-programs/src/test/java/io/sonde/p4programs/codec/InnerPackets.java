package io.sonde.p4programs.codec;

/** Hand-written packets that telemetry reports carry in the tests. */
final class InnerPackets {

	/** IPv4 header (20 bytes) of a TCP packet 10.0.0.1 -> 10.0.0.2 (RFC 791). */
	static final byte[] IPV4_TCP_HEADER = Hex.bytes("45", // Version 4, IHL 5
			"00", // DSCP 0, ECN 0
			"00 28", // Total Length 40
			"12 34", // Identification
			"40 00", // DF, fragment offset 0
			"40", // TTL 64
			"06", // Protocol TCP
			"00 00", // header checksum (not checked)
			"0A 00 00 01", // source 10.0.0.1
			"0A 00 00 02"); // destination 10.0.0.2

	/** TCP header (20 bytes), 1234 -> 80, SYN (RFC 793). */
	static final byte[] TCP_HEADER = Hex.bytes("04 D2", // source port 1234
			"00 50", // destination port 80
			"00 00 00 01", // sequence number
			"00 00 00 00", // acknowledgment number
			"50 02", // data offset 5, SYN
			"FF FF", // window
			"00 00", // checksum
			"00 00"); // urgent pointer

	/** Ethernet header (14 bytes) with EtherType IPv4. */
	static final byte[] ETHERNET_IPV4_HEADER = Hex.bytes("00 00 00 00 00 02", // dst MAC
			"00 00 00 00 00 01", // source MAC
			"08 00"); // EtherType IPv4

	/** IPv4 + TCP, 40 bytes: the TR-2.0 §4.1 example's inner packet. */
	static final byte[] IPV4_TCP = Hex.concat(IPV4_TCP_HEADER, TCP_HEADER);

	/** Ethernet + IPv4 + TCP, 54 bytes. */
	static final byte[] ETHERNET_IPV4_TCP = Hex.concat(ETHERNET_IPV4_HEADER, IPV4_TCP);

	/** IPv6 header (40 bytes) of a UDP packet fd00::1 -> fd00::2 (RFC 8200). */
	static final byte[] IPV6_UDP_HEADER = Hex.bytes("60 00 00 00", // Version 6, traffic
																	// class 0, flow 0
			"00 08", // payload length 8
			"11", // next header UDP
			"40", // hop limit 64
			"FD 00 00 00 00 00 00 00 00 00 00 00 00 00 00 01", // source
			"FD 00 00 00 00 00 00 00 00 00 00 00 00 00 00 02"); // destination

	private InnerPackets() {
	}

}
