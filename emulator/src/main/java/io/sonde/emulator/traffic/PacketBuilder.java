package io.sonde.emulator.traffic;

import java.util.Arrays;

import io.sonde.emulator.net.Packet;

/**
 * Builds a flow's frames: Ethernet II / IPv4 / UDP or TCP / payload, with valid IPv4, UDP
 * and TCP checksums. Made once per flow; each call writes one packet into a (reused)
 * frame array.
 * <p>
 * Per packet only the fields that change are computed: the IPv4 identification and header
 * checksum, the TCP sequence number, the payload stamp and the transport checksum. The
 * payload is a 16-byte stamp ({@code "SNDE"}, the flow tag, the flow's packet sequence
 * number, all big-endian) followed by zeros; zeros add nothing to a checksum, so the
 * transport checksum is summed over the headers and the stamp only.
 */
public final class PacketBuilder {

	public static final int ETHERNET_HEADER_BYTES = 14;

	public static final int IPV4_HEADER_BYTES = 20;

	/** Smallest Ethernet frame without FCS (IEEE 802.3: 64 bytes with it). */
	public static final int MIN_FRAME_BYTES = 60;

	/** Jumbo-frame ceiling. */
	public static final int MAX_FRAME_BYTES = 9018;

	public static final int STAMP_BYTES = 16;

	private static final int ETHERTYPE_IPV4 = 0x0800;

	private static final int IP_OFFSET = ETHERNET_HEADER_BYTES;

	private static final int L4_OFFSET = IP_OFFSET + IPV4_HEADER_BYTES;

	private static final int DEFAULT_TTL = 64;

	private static final int TCP_FLAGS_ACK_PSH = 0x18;

	private final FlowAddresses addresses;

	private final int frameBytes;

	private final int flowTag;

	private final byte[] headers;

	private final int payloadOffset;

	private final int payloadBytes;

	private final int stampBytes;

	private final long pseudoHeaderSum;

	private final int tcpInitialSequence;

	private final byte[] stampScratch = new byte[STAMP_BYTES];

	private PacketBuilder(FlowAddresses addresses, int dscp, int frameBytes, int flowTag) {
		TransportProtocol protocol = addresses.protocol();
		this.addresses = addresses;
		this.frameBytes = frameBytes;
		this.flowTag = flowTag;
		this.payloadOffset = L4_OFFSET + protocol.headerBytes();
		this.payloadBytes = frameBytes - this.payloadOffset;
		this.stampBytes = Math.min(STAMP_BYTES, this.payloadBytes);
		// A per-flow initial sequence number, as a TCP stack would pick
		// (RFC 9293 §3.4.1).
		this.tcpInitialSequence = (int) (0x9E3779B97F4A7C15L * (flowTag + 1L) >>> 32);
		this.headers = new byte[this.payloadOffset];
		writeHeaders(dscp);
		int transportLength = frameBytes - L4_OFFSET;
		long sum = 0;
		sum = InternetChecksum.addInt(sum, addresses.sourceIp().value());
		sum = InternetChecksum.addInt(sum, addresses.destinationIp().value());
		sum += protocol.ipProtocol();
		sum += transportLength;
		this.pseudoHeaderSum = sum;
	}

	/**
	 * A builder for one flow.
	 * @param dscp the IPv4 DSCP (0..63)
	 * @param frameBytes every frame's length without FCS ({@value #MIN_FRAME_BYTES} ..
	 * {@value #MAX_FRAME_BYTES})
	 * @param flowTag the number written in each payload stamp (the flow index)
	 */
	public static PacketBuilder forFlow(FlowAddresses addresses, int dscp, int frameBytes, int flowTag) {
		if (dscp < 0 || dscp > 63) {
			throw new IllegalArgumentException("DSCP is 6 bits: " + dscp);
		}
		if (frameBytes < MIN_FRAME_BYTES || frameBytes > MAX_FRAME_BYTES) {
			throw new IllegalArgumentException(
					"frame size must be " + MIN_FRAME_BYTES + ".." + MAX_FRAME_BYTES + " bytes: " + frameBytes);
		}
		return new PacketBuilder(addresses, dscp, frameBytes, flowTag);
	}

	public FlowAddresses addresses() {
		return this.addresses;
	}

	public int frameBytes() {
		return this.frameBytes;
	}

	public int payloadBytes() {
		return this.payloadBytes;
	}

	/** Writes packet {@code sequence} of the flow into {@code packet}. */
	public void build(Packet packet, long sequence) {
		byte[] frame = packet.ensureCapacity(this.frameBytes);
		write(frame, sequence);
		packet.setLength(this.frameBytes);
	}

	/**
	 * Writes packet {@code sequence} of the flow at the start of {@code frame}.
	 * @return the frame length
	 */
	public int write(byte[] frame, long sequence) {
		System.arraycopy(this.headers, 0, frame, 0, this.payloadOffset);
		putShort(frame, IP_OFFSET + 4, (int) sequence);
		putShort(frame, IP_OFFSET + 10, InternetChecksum.of(frame, IP_OFFSET, IPV4_HEADER_BYTES));
		writeStamp(frame, sequence);
		Arrays.fill(frame, this.payloadOffset + this.stampBytes, this.frameBytes, (byte) 0);
		if (this.addresses.protocol() == TransportProtocol.TCP) {
			putInt(frame, L4_OFFSET + 4, this.tcpInitialSequence + (int) (sequence * this.payloadBytes));
			putShort(frame, L4_OFFSET + 16, transportChecksum(frame));
		}
		else {
			int checksum = transportChecksum(frame);
			// RFC 768: a computed zero is sent as all ones (zero means "no checksum").
			putShort(frame, L4_OFFSET + 6, (checksum == 0) ? 0xffff : checksum);
		}
		return this.frameBytes;
	}

	private int transportChecksum(byte[] frame) {
		long sum = InternetChecksum.add(this.pseudoHeaderSum, frame, L4_OFFSET,
				this.payloadOffset - L4_OFFSET + this.stampBytes);
		return InternetChecksum.finish(sum);
	}

	private void writeStamp(byte[] frame, long sequence) {
		if (this.stampBytes == STAMP_BYTES) {
			putStamp(frame, this.payloadOffset, sequence);
		}
		else {
			// A payload shorter than the stamp carries its first bytes only.
			putStamp(this.stampScratch, 0, sequence);
			System.arraycopy(this.stampScratch, 0, frame, this.payloadOffset, this.stampBytes);
		}
	}

	private void putStamp(byte[] bytes, int offset, long sequence) {
		bytes[offset] = 'S';
		bytes[offset + 1] = 'N';
		bytes[offset + 2] = 'D';
		bytes[offset + 3] = 'E';
		putInt(bytes, offset + 4, this.flowTag);
		putInt(bytes, offset + 8, (int) (sequence >>> 32));
		putInt(bytes, offset + 12, (int) sequence);
	}

	private void writeHeaders(int dscp) {
		byte[] h = this.headers;
		this.addresses.destinationMac().writeTo(h, 0);
		this.addresses.sourceMac().writeTo(h, 6);
		putShort(h, 12, ETHERTYPE_IPV4);
		h[IP_OFFSET] = 0x45;
		h[IP_OFFSET + 1] = (byte) (dscp << 2);
		putShort(h, IP_OFFSET + 2, this.frameBytes - ETHERNET_HEADER_BYTES);
		// Flags: DF (RFC 791 §3.1); identification and checksum are per packet.
		putShort(h, IP_OFFSET + 6, 0x4000);
		h[IP_OFFSET + 8] = (byte) DEFAULT_TTL;
		h[IP_OFFSET + 9] = (byte) this.addresses.protocol().ipProtocol();
		this.addresses.sourceIp().writeTo(h, IP_OFFSET + 12);
		this.addresses.destinationIp().writeTo(h, IP_OFFSET + 16);
		putShort(h, L4_OFFSET, this.addresses.sourcePort());
		putShort(h, L4_OFFSET + 2, this.addresses.destinationPort());
		if (this.addresses.protocol() == TransportProtocol.UDP) {
			putShort(h, L4_OFFSET + 4, this.frameBytes - L4_OFFSET);
		}
		else {
			putInt(h, L4_OFFSET + 8, 1);
			h[L4_OFFSET + 12] = 5 << 4;
			h[L4_OFFSET + 13] = (byte) TCP_FLAGS_ACK_PSH;
			putShort(h, L4_OFFSET + 14, 0xffff);
		}
	}

	private static void putShort(byte[] bytes, int offset, int value) {
		bytes[offset] = (byte) (value >>> 8);
		bytes[offset + 1] = (byte) value;
	}

	private static void putInt(byte[] bytes, int offset, int value) {
		bytes[offset] = (byte) (value >>> 24);
		bytes[offset + 1] = (byte) (value >>> 16);
		bytes[offset + 2] = (byte) (value >>> 8);
		bytes[offset + 3] = (byte) value;
	}

}
