package io.sonde.p4programs.capture;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Objects;

/**
 * Writes classic pcap files (draft-ietf-opsawg-pcap Sections 4 and 5), the format tcpdump
 * and tcpreplay read everywhere. Frames longer than the snapshot length are cut to it,
 * with their original length kept in the record header, as a capture would.
 */
public final class PcapWriter implements AutoCloseable {

	/** The unit of the fraction-of-a-second field, fixed by the magic number. */
	public enum Resolution {

		/** Magic 0xa1b2c3d4: the classic format every tool reads. */
		MICROSECONDS(0xa1b2c3d4),

		/** Magic 0xa1b23c4d. */
		NANOSECONDS(0xa1b23c4d);

		private final int magic;

		Resolution(int magic) {
			this.magic = magic;
		}

	}

	/** Seconds are an unsigned 32-bit field: the format ends early in 2106. */
	private static final long MAX_SECONDS = 0xFFFF_FFFFL;

	private final OutputStream out;

	private final ByteOrder order;

	private final Resolution resolution;

	private final int snaplen;

	private final ByteBuffer recordHeader;

	private PcapWriter(OutputStream out, ByteOrder order, Resolution resolution, int snaplen) {
		this.out = out;
		this.order = order;
		this.resolution = resolution;
		this.snaplen = snaplen;
		this.recordHeader = ByteBuffer.allocate(ClassicPcapSource.RECORD_HEADER_LENGTH).order(order);
	}

	/** Creates (or replaces) a little-endian pcap file. */
	public static PcapWriter create(Path file, LinkType linkType, int snaplen, Resolution resolution)
			throws IOException {
		OutputStream stream = Files.newOutputStream(file);
		try {
			return create(stream, linkType, snaplen, resolution, ByteOrder.LITTLE_ENDIAN);
		}
		catch (IOException | RuntimeException ex) {
			stream.close();
			throw ex;
		}
	}

	/**
	 * Starts a pcap file on a stream, which the writer owns from now on, by writing its
	 * file header.
	 * @param snaplen the snapshot length, 1 to 262144 (the largest libpcap accepts)
	 */
	public static PcapWriter create(OutputStream stream, LinkType linkType, int snaplen, Resolution resolution,
			ByteOrder order) throws IOException {
		Objects.requireNonNull(linkType, "linkType");
		Objects.requireNonNull(resolution, "resolution");
		Objects.requireNonNull(order, "order");
		if (snaplen < 1 || snaplen > ClassicPcapSource.MAX_SNAPLEN) {
			throw new IllegalArgumentException(
					"snaplen must be 1 to " + ClassicPcapSource.MAX_SNAPLEN + ", not " + snaplen);
		}
		PcapWriter writer = new PcapWriter(new BufferedOutputStream(stream), order, resolution, snaplen);
		writer.writeFileHeader(linkType);
		return writer;
	}

	private void writeFileHeader(LinkType linkType) throws IOException {
		ByteBuffer header = ByteBuffer.allocate(ClassicPcapSource.FILE_HEADER_LENGTH).order(this.order);
		header.putInt(this.resolution.magic);
		header.putShort((short) ClassicPcapSource.MAJOR_VERSION);
		header.putShort((short) ClassicPcapSource.MINOR_VERSION);
		header.putInt(0); // reserved (formerly the time zone offset)
		header.putInt(0); // reserved (formerly the timestamp accuracy)
		header.putInt(this.snaplen);
		header.putInt(linkType.code());
		this.out.write(header.array());
	}

	/** Appends a frame captured at {@code timestamp}. */
	public void write(Instant timestamp, byte[] frame) throws IOException {
		write(timestamp, frame, 0, frame.length);
	}

	/**
	 * Appends {@code length} bytes of {@code frame} from {@code offset}, captured at
	 * {@code timestamp} (1970-01-01 to 2106-02-07, the range of the format).
	 */
	public void write(Instant timestamp, byte[] frame, int offset, int length) throws IOException {
		Objects.checkFromIndexSize(offset, length, frame.length);
		long seconds = timestamp.getEpochSecond();
		if (seconds < 0 || seconds > MAX_SECONDS) {
			throw new IllegalArgumentException(timestamp + " is outside the range of a pcap timestamp");
		}
		int fraction = (this.resolution == Resolution.NANOSECONDS) ? timestamp.getNano() : timestamp.getNano() / 1000;
		int captured = Math.min(length, this.snaplen);
		this.recordHeader.clear();
		this.recordHeader.putInt((int) seconds).putInt(fraction).putInt(captured).putInt(length);
		this.out.write(this.recordHeader.array());
		this.out.write(frame, offset, captured);
	}

	/**
	 * Pushes buffered records to the file, for a reader that follows it while it grows.
	 */
	public void flush() throws IOException {
		this.out.flush();
	}

	@Override
	public void close() throws IOException {
		this.out.close();
	}

}
