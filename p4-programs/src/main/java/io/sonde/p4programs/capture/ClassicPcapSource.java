package io.sonde.p4programs.capture;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.Instant;

import io.sonde.p4programs.capture.CaptureUnreadable.Reason;

/**
 * Classic libpcap files (draft-ietf-opsawg-pcap). The 24-byte file header (Section 4) is:
 * magic (4), major version (2), minor version (2), two reserved words (8), snapshot
 * length (4), link type and FCS information (4). Each packet record (Section 5) is a
 * 16-byte header (seconds, microseconds or nanoseconds, captured length, original length)
 * and the captured bytes. All fields are in the byte order the magic number reveals.
 */
final class ClassicPcapSource implements FrameSource {

	static final int FILE_HEADER_LENGTH = 24;

	static final int RECORD_HEADER_LENGTH = 16;

	/** The only major version libpcap has ever written. */
	static final int MAJOR_VERSION = 2;

	static final int MINOR_VERSION = 4;

	/**
	 * libpcap's and Wireshark's largest snapshot length: a header that claims more (or 0,
	 * which some writers use for "unlimited") is read with this limit instead, and a
	 * record larger than it is corrupt rather than a big packet.
	 */
	static final int MAX_SNAPLEN = 262_144;

	/**
	 * The link type is the low 16 bits; the upper bits carry FCS information (Section 4).
	 */
	private static final int LINK_TYPE_MASK = 0xFFFF;

	private final CaptureInput in;

	private final ByteOrder order;

	private final boolean nanoseconds;

	private final int snaplen;

	private final int linkTypeCode;

	private ClassicPcapSource(CaptureInput in, ByteOrder order, boolean nanoseconds, int snaplen, int linkTypeCode) {
		this.in = in;
		this.order = order;
		this.nanoseconds = nanoseconds;
		this.snaplen = snaplen;
		this.linkTypeCode = linkTypeCode;
	}

	/** Reads the rest of the file header, the magic number having been read already. */
	static ClassicPcapSource open(CaptureInput in, ByteOrder order, boolean nanoseconds)
			throws IOException, CaptureUnreadable {
		byte[] rest = in.readExactly(FILE_HEADER_LENGTH - 4, 0, "pcap file header");
		ByteBuffer header = ByteBuffer.wrap(rest).order(order);
		int major = Short.toUnsignedInt(header.getShort(0));
		if (major != MAJOR_VERSION) {
			throw new CaptureUnreadable(Reason.UNSUPPORTED_VERSION, 0,
					"pcap version " + major + "." + Short.toUnsignedInt(header.getShort(2)) + " (only 2.x exists)");
		}
		long declaredSnaplen = Integer.toUnsignedLong(header.getInt(12));
		int snaplen = (declaredSnaplen == 0 || declaredSnaplen > MAX_SNAPLEN) ? MAX_SNAPLEN : (int) declaredSnaplen;
		int linkTypeCode = header.getInt(16) & LINK_TYPE_MASK;
		return new ClassicPcapSource(in, order, nanoseconds, snaplen, linkTypeCode);
	}

	@Override
	public CapturedFrame next(long number) throws IOException, CaptureUnreadable {
		long start = this.in.position();
		byte[] headerBytes = this.in.readUpTo(RECORD_HEADER_LENGTH);
		if (headerBytes.length == 0) {
			return null;
		}
		if (headerBytes.length < RECORD_HEADER_LENGTH) {
			throw new CaptureUnreadable(Reason.TRUNCATED, start, "the file ends " + headerBytes.length + " of "
					+ RECORD_HEADER_LENGTH + " bytes into the header of packet " + number);
		}
		ByteBuffer header = ByteBuffer.wrap(headerBytes).order(this.order);
		long seconds = Integer.toUnsignedLong(header.getInt(0));
		long fraction = Integer.toUnsignedLong(header.getInt(4));
		long capturedLength = Integer.toUnsignedLong(header.getInt(8));
		long originalLength = Integer.toUnsignedLong(header.getInt(12));
		if (capturedLength > this.snaplen) {
			throw new CaptureUnreadable(Reason.BAD_RECORD_LENGTH, start, "packet " + number + " claims "
					+ capturedLength + " captured bytes, more than the snapshot length " + this.snaplen);
		}
		if (originalLength > Integer.MAX_VALUE) {
			throw new CaptureUnreadable(Reason.BAD_RECORD_LENGTH, start,
					"packet " + number + " claims an original length of " + originalLength + " bytes");
		}
		byte[] data = this.in.readExactly((int) capturedLength, start, "data of packet " + number);
		// Instant.ofEpochSecond normalises a fraction of a second or more,
		// as libpcap does.
		Instant timestamp = Instant.ofEpochSecond(seconds, this.nanoseconds ? fraction : fraction * 1000);
		return new CapturedFrame(number, timestamp, this.linkTypeCode, LinkType.of(this.linkTypeCode), 0, data,
				(int) originalLength);
	}

}
