package io.sonde.p4programs.codec;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import io.sonde.p4programs.codec.MalformedTelemetry.Reason;

/**
 * Reads and writes INT-label packets (p4-programs/README.md "INT-label"): Ethernet, IPv4
 * with protocol 254, the INT OPTION, the items, the original L4 header and payload.
 * Decoding reads only inside the given window and inside the IPv4 total length, and fails
 * with {@link MalformedTelemetry} naming the header it could not read (the option,
 * {@code INT-label item N}, the L4 ports). A window that ends before the IPv4 total
 * length says (an export cut after the items, as sonde.p4 may send it) decodes as long as
 * the items and the ports are in it.
 */
public final class LabelCodec {

	private static final String IPV4_HEADER = "INT-label IPv4 header";

	private static final String OPTION = "INT-label option";

	private static final String PORTS = "INT-label L4 ports";

	private static final int PROTOCOL_OFFSET = 9;

	private static final int TOTAL_LENGTH_OFFSET = 2;

	private static final int CHECKSUM_OFFSET = 10;

	private LabelCodec() {
	}

	/**
	 * Whether a frame is untagged IPv4 with protocol 254. Looks at the headers only: the
	 * frame may still fail to {@link #decode decode}.
	 */
	public static boolean recogniseFrame(byte[] frame, int offset, int length) {
		Objects.checkFromIndexSize(offset, length, frame.length);
		int ip = offset + LabelWire.ETHERNET_HEADER_BYTES;
		return length >= LabelWire.ETHERNET_HEADER_BYTES + LabelWire.IPV4_HEADER_BYTES
				&& u16(frame, offset + 12) == LabelWire.ETHERTYPE_IPV4 && (frame[ip] & 0xF0) == 0x40
				&& (frame[ip + PROTOCOL_OFFSET] & 0xFF) == LabelWire.IP_PROTOCOL;
	}

	/**
	 * Decodes a labeled frame from its Ethernet header (a PacketIn's payload, a capture).
	 * @throws MalformedTelemetry {@code UNKNOWN_TYPE} when the frame is no untagged IPv4
	 * packet with protocol 254 or an item's reason is unknown, {@code TRUNCATED} when a
	 * header, an item or the ports are cut off, {@code BAD_LENGTH} when the IPv4 lengths
	 * do not fit, {@code HOP_COUNT_OVER_LIMIT} for more than
	 * {@link LabelWire#MAX_LABEL_ITEMS} items; offsets count from {@code offset}
	 */
	public static LabeledPacket decode(byte[] frame, int offset, int length) throws MalformedTelemetry {
		Objects.checkFromIndexSize(offset, length, frame.length);
		if (length < LabelWire.ETHERNET_HEADER_BYTES) {
			throw new MalformedTelemetry(Reason.TRUNCATED, "INT-label Ethernet header", 0,
					length + " bytes, the header has " + LabelWire.ETHERNET_HEADER_BYTES);
		}
		if (u16(frame, offset + 12) != LabelWire.ETHERTYPE_IPV4) {
			throw new MalformedTelemetry(Reason.UNKNOWN_TYPE, "INT-label Ethernet header", 0,
					String.format("EtherType 0x%04x, not untagged IPv4", u16(frame, offset + 12)));
		}
		return decodePacket(frame, offset, length, LabelWire.ETHERNET_HEADER_BYTES);
	}

	/** {@link #decode(byte[], int, int)} of a whole array. */
	public static LabeledPacket decode(byte[] frame) throws MalformedTelemetry {
		return decode(frame, 0, frame.length);
	}

	/**
	 * Decodes a labeled packet from its IPv4 header (a capture of another link type).
	 * @param data the bytes
	 * @param offset the first byte of the IPv4 header
	 * @param length the bytes from there on that were captured
	 * @throws MalformedTelemetry as {@link #decode(byte[], int, int)}
	 */
	public static LabeledPacket decodeIpv4(byte[] data, int offset, int length) throws MalformedTelemetry {
		Objects.checkFromIndexSize(offset, length, data.length);
		return decodePacket(data, offset, length, 0);
	}

	/**
	 * The original frame of a labeled one, as the last hop restores it: IPv4 protocol :=
	 * nh, the option and the items removed, total length and header checksum recomputed.
	 * Ends at the IPv4 total length (Ethernet padding is not copied).
	 * @throws MalformedTelemetry as {@link #decode(byte[], int, int)}, and
	 * {@code TRUNCATED} when the frame ends before the IPv4 total length (a cut export
	 * cannot be restored)
	 */
	public static byte[] restore(byte[] frame, int offset, int length) throws MalformedTelemetry {
		LabeledPacket packet = decode(frame, offset, length);
		int ip = offset + LabelWire.ETHERNET_HEADER_BYTES;
		int headerLength = (frame[ip] & 0x0F) * 4;
		int totalLength = u16(frame, ip + TOTAL_LENGTH_OFFSET);
		if (LabelWire.ETHERNET_HEADER_BYTES + totalLength > length) {
			throw new MalformedTelemetry(Reason.TRUNCATED, IPV4_HEADER, LabelWire.ETHERNET_HEADER_BYTES,
					"total length " + totalLength + ", " + (length - LabelWire.ETHERNET_HEADER_BYTES)
							+ " bytes in the frame: a cut packet cannot be restored");
		}
		int labelBytes = LabelWire.labelBytes(packet.items().size());
		int restoredLength = totalLength - labelBytes;
		byte[] out = new byte[LabelWire.ETHERNET_HEADER_BYTES + restoredLength];
		int headersEnd = LabelWire.ETHERNET_HEADER_BYTES + headerLength;
		System.arraycopy(frame, offset, out, 0, headersEnd);
		System.arraycopy(frame, offset + headersEnd + labelBytes, out, headersEnd, restoredLength - headerLength);
		rewriteIpv4(out, LabelWire.ETHERNET_HEADER_BYTES, packet.nextHeader(), restoredLength);
		return out;
	}

	/** {@link #restore(byte[], int, int)} of a whole array. */
	public static byte[] restore(byte[] frame) throws MalformedTelemetry {
		return restore(frame, 0, frame.length);
	}

	/**
	 * An unlabeled frame labeled with these items, as the hops of its path would leave
	 * it: nh := the IPv4 protocol, protocol := 254, the option and the items inserted
	 * after the IPv4 header, total length and header checksum recomputed; everything else
	 * untouched. Ends at the new IPv4 total length.
	 * @param original an untagged Ethernet frame with an IPv4 packet that carries no
	 * option (protocol not 254), whole up to its total length
	 * @param specificFlow whether to set int_num's bit 7
	 * @param items at most {@link LabelWire#MAX_LABEL_ITEMS}, in path order
	 * @throws IllegalArgumentException when the original is no such frame or there are
	 * too many items
	 */
	public static byte[] encode(byte[] original, boolean specificFlow, List<LabelItem> items) {
		int ip = LabelWire.ETHERNET_HEADER_BYTES;
		if (original.length < ip + LabelWire.IPV4_HEADER_BYTES || u16(original, 12) != LabelWire.ETHERTYPE_IPV4
				|| (original[ip] & 0xF0) != 0x40) {
			throw new IllegalArgumentException("original is no untagged Ethernet frame with an IPv4 header");
		}
		int protocol = original[ip + PROTOCOL_OFFSET] & 0xFF;
		if (protocol == LabelWire.IP_PROTOCOL) {
			throw new IllegalArgumentException("original already carries the INT OPTION (protocol 254)");
		}
		if (items.size() > LabelWire.MAX_LABEL_ITEMS) {
			throw new IllegalArgumentException(
					items.size() + " items, over MAX_LABEL_ITEMS " + LabelWire.MAX_LABEL_ITEMS);
		}
		int headerLength = (original[ip] & 0x0F) * 4;
		int totalLength = u16(original, ip + TOTAL_LENGTH_OFFSET);
		if (headerLength < LabelWire.IPV4_HEADER_BYTES || totalLength < headerLength
				|| ip + totalLength > original.length) {
			throw new IllegalArgumentException("original's IPv4 lengths do not fit: IHL " + headerLength
					+ " bytes, total length " + totalLength + ", " + (original.length - ip) + " bytes after Ethernet");
		}
		int labelBytes = LabelWire.labelBytes(items.size());
		byte[] out = new byte[ip + totalLength + labelBytes];
		System.arraycopy(original, 0, out, 0, ip + headerLength);
		WireWriter writer = new WireWriter(out, ip + headerLength);
		writer.u8(protocol);
		writer.u8((specificFlow ? LabelWire.SPECIFIC_FLOW_BIT : 0) | items.size());
		items.forEach((item) -> writeItem(writer, item));
		writer.bytes(original, ip + headerLength, totalLength - headerLength);
		rewriteIpv4(out, ip, LabelWire.IP_PROTOCOL, totalLength + labelBytes);
		return out;
	}

	/** The 32 bytes of one item. */
	public static byte[] encodeItem(LabelItem item) {
		byte[] out = new byte[LabelWire.ITEM_BYTES];
		writeItem(new WireWriter(out, 0), item);
		return out;
	}

	/**
	 * Decodes the 32-byte item at {@code offset}.
	 * @param position the item's 1-based place on the path, for the error's header name
	 * @throws MalformedTelemetry {@code TRUNCATED} when fewer than 32 bytes are left,
	 * {@code UNKNOWN_TYPE} for a reason no {@link LabelReason} has
	 */
	public static LabelItem decodeItem(byte[] data, int offset, int length, int position) throws MalformedTelemetry {
		WireReader reader = new WireReader(data, offset, length);
		return readItem(reader, position);
	}

	private static LabeledPacket decodePacket(byte[] data, int windowStart, int windowLength, int ipFromStart)
			throws MalformedTelemetry {
		WireReader frame = new WireReader(data, windowStart, windowLength);
		frame.skip(ipFromStart);
		frame.begin(IPV4_HEADER);
		frame.require(LabelWire.IPV4_HEADER_BYTES, "the IPv4 header");
		int ip = frame.position();
		int versionIhl = data[ip] & 0xFF;
		int protocol = data[ip + PROTOCOL_OFFSET] & 0xFF;
		if ((versionIhl >>> 4) != 4 || protocol != LabelWire.IP_PROTOCOL) {
			throw frame.error(Reason.UNKNOWN_TYPE, "IP version " + (versionIhl >>> 4) + ", protocol " + protocol
					+ ": not IPv4 with protocol " + LabelWire.IP_PROTOCOL);
		}
		int headerLength = (versionIhl & 0x0F) * 4;
		int totalLength = u16(data, ip + TOTAL_LENGTH_OFFSET);
		if (headerLength < LabelWire.IPV4_HEADER_BYTES || totalLength < headerLength) {
			throw frame.error(Reason.BAD_LENGTH, "IHL " + headerLength + " bytes, total length " + totalLength);
		}
		frame.require(headerLength, "the IPv4 header with its options");
		Inet4Address source = address(data, ip + 12);
		Inet4Address destination = address(data, ip + 16);
		// The packet ends at the total length or where the capture ends,
		// whichever comes first.
		int end = Math.min(ip + totalLength, windowStart + windowLength);
		WireReader reader = new WireReader(data, windowStart, end - windowStart);
		reader.skip(ip + headerLength - windowStart);
		reader.begin(OPTION);
		int nextHeader = reader.u8();
		int intNum = reader.u8();
		int count = intNum & LabelWire.ITEM_COUNT_MASK;
		if (count > LabelWire.MAX_LABEL_ITEMS) {
			throw reader.error(Reason.HOP_COUNT_OVER_LIMIT,
					String.format("int_num 0x%02x: %d items, over %d", intNum, count, LabelWire.MAX_LABEL_ITEMS));
		}
		List<LabelItem> items = new ArrayList<>(count);
		for (int i = 1; i <= count; i++) {
			items.add(readItem(reader, i));
		}
		int sourcePort = 0;
		int destinationPort = 0;
		if (LabelWire.hasPorts(nextHeader)) {
			reader.begin(PORTS);
			reader.require(4, "the source and destination ports");
			sourcePort = reader.u16();
			destinationPort = reader.u16();
		}
		return new LabeledPacket(nextHeader, (intNum & LabelWire.SPECIFIC_FLOW_BIT) != 0, items, source, destination,
				sourcePort, destinationPort);
	}

	private static LabelItem readItem(WireReader reader, int position) throws MalformedTelemetry {
		reader.begin("INT-label item " + position);
		reader.require(LabelWire.ITEM_BYTES, "an item");
		long deviceId = reader.u32();
		int ingressPort = reader.u16();
		int egressPort = reader.u16();
		long labelTime = reader.unsigned(8);
		long hopLatency = reader.u32();
		int queueId = reader.u8();
		int queueDepth = (int) reader.unsigned(3);
		long txUtilization = reader.u32();
		int shift = reader.u8();
		int code = reader.u8();
		// The reserved 16 bits are 0 on the wire; a decoder does not insist on it.
		reader.skip(2);
		LabelReason reason;
		try {
			reason = LabelReason.of(code);
		}
		catch (IllegalArgumentException ex) {
			throw reader.error(Reason.UNKNOWN_TYPE,
					"reason " + code + " is none of 1 interval, 2 probability, " + "3 specific flow");
		}
		return new LabelItem(deviceId, ingressPort, egressPort, labelTime, hopLatency, queueId, queueDepth,
				txUtilization, shift, reason);
	}

	private static void writeItem(WireWriter writer, LabelItem item) {
		writer.u32(item.deviceId());
		writer.u16(item.ingressPort());
		writer.u16(item.egressPort());
		writer.unsigned(item.labelTime(), 8);
		writer.u32(item.hopLatency());
		writer.u8(item.queueId());
		writer.unsigned(item.queueDepth(), 3);
		writer.u32(item.txUtilization());
		writer.u8(item.shift());
		writer.u8(item.reason().code());
		writer.u16(0);
	}

	/** Sets protocol and total length and recomputes the header checksum. */
	private static void rewriteIpv4(byte[] frame, int ip, int protocol, int totalLength) {
		int headerLength = (frame[ip] & 0x0F) * 4;
		frame[ip + TOTAL_LENGTH_OFFSET] = (byte) (totalLength >>> 8);
		frame[ip + TOTAL_LENGTH_OFFSET + 1] = (byte) totalLength;
		frame[ip + PROTOCOL_OFFSET] = (byte) protocol;
		frame[ip + CHECKSUM_OFFSET] = 0;
		frame[ip + CHECKSUM_OFFSET + 1] = 0;
		int checksum = ipv4Checksum(frame, ip, headerLength);
		frame[ip + CHECKSUM_OFFSET] = (byte) (checksum >>> 8);
		frame[ip + CHECKSUM_OFFSET + 1] = (byte) checksum;
	}

	private static Inet4Address address(byte[] data, int at) {
		try {
			return (Inet4Address) InetAddress
				.getByAddress(new byte[] { data[at], data[at + 1], data[at + 2], data[at + 3] });
		}
		catch (UnknownHostException ex) {
			throw new IllegalStateException("4 bytes are always an IPv4 address", ex);
		}
	}

	private static int u16(byte[] data, int at) {
		return ((data[at] & 0xFF) << 8) | (data[at + 1] & 0xFF);
	}

	/** RFC 791 header checksum (RFC 1071 one's-complement sum). */
	private static int ipv4Checksum(byte[] data, int offset, int length) {
		int sum = 0;
		for (int i = 0; i < length; i += 2) {
			sum += u16(data, offset + i);
		}
		while ((sum >>> 16) != 0) {
			sum = (sum & 0xFFFF) + (sum >>> 16);
		}
		return ~sum & 0xFFFF;
	}

}
