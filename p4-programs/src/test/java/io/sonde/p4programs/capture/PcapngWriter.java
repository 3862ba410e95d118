package io.sonde.p4programs.capture;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Writes a pcapng file (draft-ietf-opsawg-pcapng) of one section: a Section Header Block,
 * one Interface Description Block per {@link #addInterface interface} with nanosecond
 * timestamps ({@code if_tsresol} = 9), and an Enhanced Packet Block per frame.
 */
public final class PcapngWriter implements AutoCloseable {

	/** Section length field value for "not given" (Section 4.1). */
	private static final long UNKNOWN_SECTION_LENGTH = -1;

	private static final int MINOR_VERSION = 0;

	private static final long NANOS_PER_SECOND = 1_000_000_000L;

	private final OutputStream out;

	private final ByteOrder order;

	private final List<Integer> snaplens = new ArrayList<>();

	private PcapngWriter(OutputStream out, ByteOrder order) {
		this.out = out;
		this.order = order;
	}

	/** Creates (or replaces) a little-endian pcapng file. */
	public static PcapngWriter create(Path file) throws IOException {
		OutputStream stream = Files.newOutputStream(file);
		try {
			return create(stream, ByteOrder.LITTLE_ENDIAN);
		}
		catch (IOException | RuntimeException ex) {
			stream.close();
			throw ex;
		}
	}

	/**
	 * Starts a pcapng section on a stream, which the writer owns from now on, by writing
	 * its Section Header Block.
	 */
	public static PcapngWriter create(OutputStream stream, ByteOrder order) throws IOException {
		Objects.requireNonNull(order, "order");
		PcapngWriter writer = new PcapngWriter(new BufferedOutputStream(stream), order);
		ByteBuffer body = writer.buffer(16);
		body.putInt(PcapngSource.BYTE_ORDER_MAGIC);
		body.putShort((short) PcapngSource.MAJOR_VERSION).putShort((short) MINOR_VERSION);
		body.putLong(UNKNOWN_SECTION_LENGTH);
		writer.writeBlock(PcapngSource.SECTION_HEADER, body);
		return writer;
	}

	/**
	 * Describes the next interface and returns its id (0, 1, ...) for {@link #write}.
	 * @param snaplen the snapshot length, 0 for no limit
	 */
	public int addInterface(LinkType linkType, int snaplen) throws IOException {
		Objects.requireNonNull(linkType, "linkType");
		if (snaplen < 0) {
			throw new IllegalArgumentException("snaplen must not be negative: " + snaplen);
		}
		ByteBuffer body = buffer(PcapngInterface.FIXED_BODY_LENGTH + 8 + 4);
		body.putShort((short) linkType.code()).putShort((short) 0).putInt(snaplen);
		// if_tsresol = 9: the value is one byte, padded to 32 bits; then opt_endofopt.
		body.putShort((short) PcapngInterface.OPTION_TSRESOL).putShort((short) 1);
		body.put((byte) TimestampUnit.NANOSECONDS.optionValue()).put(new byte[3]);
		body.putInt(0);
		writeBlock(PcapngSource.INTERFACE_DESCRIPTION, body);
		this.snaplens.add(snaplen);
		return this.snaplens.size() - 1;
	}

	/** Appends a frame seen on interface {@code interfaceId} at {@code timestamp}. */
	public void write(int interfaceId, Instant timestamp, byte[] frame) throws IOException {
		write(interfaceId, timestamp, frame, 0, frame.length);
	}

	/**
	 * Appends {@code length} bytes of {@code frame} from {@code offset}, seen on
	 * interface {@code interfaceId} at {@code timestamp} (from 1970 on, as the timestamp
	 * is unsigned).
	 */
	public void write(int interfaceId, Instant timestamp, byte[] frame, int offset, int length) throws IOException {
		Objects.checkFromIndexSize(offset, length, frame.length);
		if (interfaceId < 0 || interfaceId >= this.snaplens.size()) {
			throw new IllegalArgumentException("no interface " + interfaceId + " was added");
		}
		if (timestamp.getEpochSecond() < 0 || timestamp.getEpochSecond() >= Long.MAX_VALUE / NANOS_PER_SECOND) {
			throw new IllegalArgumentException(timestamp + " is outside the range of nanoseconds since 1970 we write");
		}
		long nanos = timestamp.getEpochSecond() * NANOS_PER_SECOND + timestamp.getNano();
		int snaplen = this.snaplens.get(interfaceId);
		int captured = (snaplen == 0) ? length : Math.min(length, snaplen);
		int padded = (captured + 3) & ~3;
		ByteBuffer body = buffer(20 + padded);
		body.putInt(interfaceId);
		body.putInt((int) (nanos >>> 32)).putInt((int) nanos);
		body.putInt(captured).putInt(length);
		body.put(frame, offset, captured);
		writeBlock(PcapngSource.ENHANCED_PACKET, body);
	}

	/** Pushes buffered blocks to the file. */
	public void flush() throws IOException {
		this.out.flush();
	}

	@Override
	public void close() throws IOException {
		this.out.close();
	}

	private ByteBuffer buffer(int bodyLength) {
		return ByteBuffer.allocate(bodyLength).order(this.order);
	}

	/** Frames a body with its type and both copies of the total length (Section 3.1). */
	private void writeBlock(int type, ByteBuffer body) throws IOException {
		int total = PcapngSource.MIN_BLOCK_LENGTH + body.capacity();
		ByteBuffer head = ByteBuffer.allocate(PcapngSource.BLOCK_HEADER_LENGTH).order(this.order);
		head.putInt(type).putInt(total);
		this.out.write(head.array());
		this.out.write(body.array());
		this.out.write(ByteBuffer.allocate(4).order(this.order).putInt(total).array());
	}

}
