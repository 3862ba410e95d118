package io.sonde.p4programs.capture;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import io.sonde.p4programs.capture.CaptureUnreadable.Reason;

/**
 * pcapng files (draft-ietf-opsawg-pcapng). Every block (Section 3.1) is a 32-bit type, a
 * 32-bit total length, a body padded to 32 bits and the total length again. A file is one
 * or more sections; each starts with a Section Header Block whose byte-order magic fixes
 * the byte order of the whole section, and numbers its own interfaces from 0.
 */
final class PcapngSource implements FrameSource {

	static final int SECTION_HEADER = 0x0A0D0D0A;

	static final int INTERFACE_DESCRIPTION = 0x00000001;

	static final int OBSOLETE_PACKET = 0x00000002;

	static final int SIMPLE_PACKET = 0x00000003;

	static final int ENHANCED_PACKET = 0x00000006;

	static final int BYTE_ORDER_MAGIC = 0x1A2B3C4D;

	static final int MAJOR_VERSION = 1;

	/** Block type and leading total length. */
	static final int BLOCK_HEADER_LENGTH = 8;

	/** Type, both lengths: the size of a block with an empty body. */
	static final int MIN_BLOCK_LENGTH = 12;

	/** Header, byte-order magic (4), versions (2 + 2), section length (8), trailer. */
	static final int MIN_SECTION_HEADER_LENGTH = 28;

	/**
	 * A bound on block lengths: Wireshark refuses blocks over 16 MiB as corrupt, and it
	 * keeps a damaged length from making the reader swallow the rest of the file as one
	 * block.
	 */
	static final long MAX_BLOCK_LENGTH = 16L * 1024 * 1024;

	/**
	 * Interface id (4), timestamp high and low (4 + 4), captured (4) and original length
	 * (4).
	 */
	private static final int ENHANCED_PACKET_FIXED = 20;

	/**
	 * Interface id (2), drops count (2), timestamp (8), captured (4) and packet length
	 * (4).
	 */
	private static final int OBSOLETE_PACKET_FIXED = 20;

	/** Original packet length (4). */
	private static final int SIMPLE_PACKET_FIXED = 4;

	private final CaptureInput in;

	private final List<PcapngInterface> interfaces = new ArrayList<>();

	private ByteOrder order;

	private PcapngSource(CaptureInput in) {
		this.in = in;
	}

	/**
	 * Reads the first Section Header Block, whose 4-byte type has been read already (it
	 * is the same in both byte orders).
	 */
	static PcapngSource open(CaptureInput in) throws IOException, CaptureUnreadable {
		PcapngSource source = new PcapngSource(in);
		source.readSectionHeader(0, true);
		return source;
	}

	@Override
	public CapturedFrame next(long number) throws IOException, CaptureUnreadable {
		while (true) {
			long start = this.in.position();
			byte[] typeBytes = this.in.readUpTo(4);
			if (typeBytes.length == 0) {
				return null;
			}
			if (typeBytes.length < 4) {
				throw new CaptureUnreadable(Reason.TRUNCATED, start,
						"the file ends " + typeBytes.length + " bytes into a block type");
			}
			int type = ByteBuffer.wrap(typeBytes).order(this.order).getInt();
			if (type == SECTION_HEADER) {
				readSectionHeader(start, false);
				continue;
			}
			ByteBuffer body = readBody(start, type);
			CapturedFrame frame = switch (type) {
				case INTERFACE_DESCRIPTION -> {
					this.interfaces.add(PcapngInterface.parse(body, start));
					yield null;
				}
				case ENHANCED_PACKET -> enhancedPacket(body, start, number);
				case SIMPLE_PACKET -> simplePacket(body, start, number);
				case OBSOLETE_PACKET -> obsoletePacket(body, start, number);
				// Name resolution, statistics, secrets, custom and unknown blocks carry
				// no frames; the general block structure lets us step over them.
				default -> null;
			};
			if (frame != null) {
				return frame;
			}
		}
	}

	/**
	 * Section Header Block (Section 4.1): after the type, the total length (in the
	 * section's still unknown order), the byte-order magic 0x1A2B3C4D, major and minor
	 * version, a 64-bit section length (ignored: -1 means unknown) and options.
	 */
	private void readSectionHeader(long start, boolean firstInFile) throws IOException, CaptureUnreadable {
		byte[] lengthAndMagic = this.in.readExactly(8, start, "section header");
		ByteBuffer head = ByteBuffer.wrap(lengthAndMagic).order(ByteOrder.BIG_ENDIAN);
		ByteOrder sectionOrder;
		if (head.getInt(4) == BYTE_ORDER_MAGIC) {
			sectionOrder = ByteOrder.BIG_ENDIAN;
		}
		else if (Integer.reverseBytes(head.getInt(4)) == BYTE_ORDER_MAGIC) {
			sectionOrder = ByteOrder.LITTLE_ENDIAN;
		}
		else {
			throw new CaptureUnreadable(firstInFile ? Reason.NOT_A_CAPTURE : Reason.BAD_SECTION_HEADER, start,
					"section header without the byte-order magic 1a2b3c4d (found " + Integer.toHexString(head.getInt(4))
							+ ")");
		}
		long length = Integer.toUnsignedLong(head.order(sectionOrder).getInt(0));
		checkLength(length, MIN_SECTION_HEADER_LENGTH, start, "section header");
		byte[] rest = this.in.readExactly((int) length - BLOCK_HEADER_LENGTH - 4, start, "section header");
		ByteBuffer tail = ByteBuffer.wrap(rest).order(sectionOrder);
		checkTrailer(length, tail.getInt(rest.length - 4), start);
		int major = Short.toUnsignedInt(tail.getShort(0));
		if (major != MAJOR_VERSION) {
			// The draft asks readers to skip a section of another major version. We
			// stop instead, so that an operator learns why frames are missing.
			throw new CaptureUnreadable(Reason.UNSUPPORTED_VERSION, start, "pcapng section version " + major + "."
					+ Short.toUnsignedInt(tail.getShort(2)) + " (only 1.x exists)");
		}
		this.order = sectionOrder;
		this.interfaces.clear();
	}

	/** Reads the total length, body and trailer of a block whose type has been read. */
	private ByteBuffer readBody(long start, int type) throws IOException, CaptureUnreadable {
		byte[] lengthBytes = this.in.readExactly(4, start, "block header");
		long length = Integer.toUnsignedLong(ByteBuffer.wrap(lengthBytes).order(this.order).getInt());
		checkLength(length, MIN_BLOCK_LENGTH, start, "block of type 0x" + Integer.toHexString(type));
		byte[] bodyAndTrailer = this.in.readExactly((int) length - BLOCK_HEADER_LENGTH, start,
				"block of type 0x" + Integer.toHexString(type));
		ByteBuffer block = ByteBuffer.wrap(bodyAndTrailer).order(this.order);
		checkTrailer(length, block.getInt(bodyAndTrailer.length - 4), start);
		return block.limit(bodyAndTrailer.length - 4);
	}

	private static void checkLength(long length, int minimum, long start, String what) throws CaptureUnreadable {
		if (length < minimum || length % 4 != 0 || length > MAX_BLOCK_LENGTH) {
			throw new CaptureUnreadable(Reason.BAD_BLOCK_LENGTH, start, what + " claims a total length of " + length
					+ " (at least " + minimum + ", a multiple of 4, at most " + MAX_BLOCK_LENGTH + ")");
		}
	}

	private static void checkTrailer(long length, int trailer, long start) throws CaptureUnreadable {
		if (Integer.toUnsignedLong(trailer) != length) {
			throw new CaptureUnreadable(Reason.BAD_BLOCK_LENGTH, start,
					"block starts with length " + length + " but ends with " + Integer.toUnsignedLong(trailer));
		}
	}

	/** Enhanced Packet Block (Section 4.3). */
	private CapturedFrame enhancedPacket(ByteBuffer body, long start, long number) throws CaptureUnreadable {
		requireBody(body, ENHANCED_PACKET_FIXED, start, "enhanced packet");
		long interfaceId = Integer.toUnsignedLong(body.getInt(0));
		long units = (Integer.toUnsignedLong(body.getInt(4)) << 32) | Integer.toUnsignedLong(body.getInt(8));
		return packet(body, start, number, interfaceId, units, body.getInt(12), body.getInt(16), ENHANCED_PACKET_FIXED);
	}

	/** Packet Block, obsolete (Appendix A): like an EPB with a 16-bit interface id. */
	private CapturedFrame obsoletePacket(ByteBuffer body, long start, long number) throws CaptureUnreadable {
		requireBody(body, OBSOLETE_PACKET_FIXED, start, "packet");
		long interfaceId = Short.toUnsignedInt(body.getShort(0));
		long units = (Integer.toUnsignedLong(body.getInt(4)) << 32) | Integer.toUnsignedLong(body.getInt(8));
		return packet(body, start, number, interfaceId, units, body.getInt(12), body.getInt(16), OBSOLETE_PACKET_FIXED);
	}

	private CapturedFrame packet(ByteBuffer body, long start, long number, long interfaceId, long units,
			int capturedField, int originalField, int dataOffset) throws CaptureUnreadable {
		PcapngInterface described = describedInterface(interfaceId, start);
		long captured = Integer.toUnsignedLong(capturedField);
		long original = Integer.toUnsignedLong(originalField);
		int room = body.limit() - dataOffset;
		if (captured > room) {
			throw new CaptureUnreadable(Reason.BAD_RECORD_LENGTH, start,
					"packet " + number + " claims " + captured + " captured bytes, its block holds " + room);
		}
		Instant timestamp = described.unit().toInstant(units, described.offsetSeconds(), start);
		return frame(number, timestamp, described, (int) interfaceId, body, dataOffset, (int) captured, original,
				start);
	}

	/**
	 * Simple Packet Block (Section 4.4): only the original length; the packet belongs to
	 * interface 0 and its captured length is the smaller of that and the snapshot length.
	 */
	private CapturedFrame simplePacket(ByteBuffer body, long start, long number) throws CaptureUnreadable {
		requireBody(body, SIMPLE_PACKET_FIXED, start, "simple packet");
		PcapngInterface described = describedInterface(0, start);
		long original = Integer.toUnsignedLong(body.getInt(0));
		long captured = (described.snaplen() == 0) ? original : Math.min(original, described.snaplen());
		int room = body.limit() - SIMPLE_PACKET_FIXED;
		if (captured > room) {
			throw new CaptureUnreadable(Reason.BAD_RECORD_LENGTH, start,
					"simple packet " + number + " needs " + captured + " bytes, its block holds " + room);
		}
		return frame(number, Instant.EPOCH, described, 0, body, SIMPLE_PACKET_FIXED, (int) captured, original, start);
	}

	private static CapturedFrame frame(long number, Instant timestamp, PcapngInterface described, int interfaceId,
			ByteBuffer body, int dataOffset, int captured, long original, long start) throws CaptureUnreadable {
		if (original > Integer.MAX_VALUE) {
			throw new CaptureUnreadable(Reason.BAD_RECORD_LENGTH, start,
					"packet " + number + " claims an original length of " + original + " bytes");
		}
		byte[] data = Arrays.copyOfRange(body.array(), dataOffset, dataOffset + captured);
		return new CapturedFrame(number, timestamp, described.linkTypeCode(), LinkType.of(described.linkTypeCode()),
				interfaceId, data, (int) original);
	}

	private PcapngInterface describedInterface(long interfaceId, long start) throws CaptureUnreadable {
		if (interfaceId >= this.interfaces.size()) {
			throw new CaptureUnreadable(Reason.UNKNOWN_INTERFACE, start, "packet on interface " + interfaceId
					+ ", but its section describes " + this.interfaces.size() + " interface(s)");
		}
		return this.interfaces.get((int) interfaceId);
	}

	private static void requireBody(ByteBuffer body, int length, long start, String what) throws CaptureUnreadable {
		if (body.limit() < length) {
			throw new CaptureUnreadable(Reason.BAD_BLOCK_LENGTH, start,
					"a " + what + " block needs " + length + " body bytes, this one has " + body.limit());
		}
	}

}
