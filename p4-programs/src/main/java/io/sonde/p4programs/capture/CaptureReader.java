package io.sonde.p4programs.capture;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import io.sonde.p4programs.capture.CaptureUnreadable.Reason;

/**
 * Reads the frames of a classic pcap or a pcapng file, whichever the first four bytes say
 * it is. Frames come one at a time, so a damaged file yields every frame before the
 * damage and then a {@link CaptureUnreadable} that says what and where.
 */
public final class CaptureReader implements AutoCloseable {

	/** The file formats this reader recognises. */
	public enum Format {

		/** Classic pcap with microsecond timestamps (magic 0xa1b2c3d4). */
		PCAP_MICROSECONDS,

		/** Classic pcap with nanosecond timestamps (magic 0xa1b23c4d). */
		PCAP_NANOSECONDS,

		/** pcapng. */
		PCAPNG

	}

	/**
	 * A magic number: the first four bytes of a file, which also reveal the byte order of
	 * a classic pcap file (draft-ietf-opsawg-pcap Section 4). The pcapng Section Header
	 * type reads the same in both orders; its byte-order magic follows later.
	 */
	private record Magic(byte[] bytes, Format format, ByteOrder order) {
	}

	private static final List<Magic> MAGIC_NUMBERS = List.of(
			new Magic(bytes(0xa1, 0xb2, 0xc3, 0xd4), Format.PCAP_MICROSECONDS, ByteOrder.BIG_ENDIAN),
			new Magic(bytes(0xd4, 0xc3, 0xb2, 0xa1), Format.PCAP_MICROSECONDS, ByteOrder.LITTLE_ENDIAN),
			new Magic(bytes(0xa1, 0xb2, 0x3c, 0x4d), Format.PCAP_NANOSECONDS, ByteOrder.BIG_ENDIAN),
			new Magic(bytes(0x4d, 0x3c, 0xb2, 0xa1), Format.PCAP_NANOSECONDS, ByteOrder.LITTLE_ENDIAN),
			new Magic(bytes(0x0a, 0x0d, 0x0d, 0x0a), Format.PCAPNG, null));

	private final CaptureInput input;

	private final FrameSource source;

	private final Format format;

	private long framesRead;

	private CaptureUnreadable failure;

	private boolean ended;

	private CaptureReader(CaptureInput input, FrameSource source, Format format) {
		this.input = input;
		this.source = source;
		this.format = format;
	}

	/** Opens a capture file and reads its file or first section header. */
	public static CaptureReader open(Path file) throws IOException, CaptureUnreadable {
		InputStream stream = Files.newInputStream(file);
		try {
			return open(stream);
		}
		catch (IOException | CaptureUnreadable | RuntimeException ex) {
			stream.close();
			throw ex;
		}
	}

	/**
	 * Reads a capture from a stream, starting with its file or first section header. Once
	 * this returns the reader owns the stream and closes it in {@link #close()}; when it
	 * throws, the stream is still the caller's to close.
	 */
	public static CaptureReader open(InputStream stream) throws IOException, CaptureUnreadable {
		CaptureInput input = new CaptureInput(new BufferedInputStream(stream));
		byte[] first = input.readUpTo(4);
		for (Magic magic : MAGIC_NUMBERS) {
			if (Arrays.equals(first, magic.bytes())) {
				FrameSource source = switch (magic.format()) {
					case PCAPNG -> PcapngSource.open(input);
					case PCAP_MICROSECONDS -> ClassicPcapSource.open(input, magic.order(), false);
					case PCAP_NANOSECONDS -> ClassicPcapSource.open(input, magic.order(), true);
				};
				return new CaptureReader(input, source, magic.format());
			}
		}
		throw unrecognised(first);
	}

	private static CaptureUnreadable unrecognised(byte[] magic) {
		if (magic.length == 0) {
			return new CaptureUnreadable(Reason.NOT_A_CAPTURE, 0, "the file is empty");
		}
		boolean startsLikeACapture = MAGIC_NUMBERS.stream()
			.anyMatch((known) -> Arrays.equals(magic, Arrays.copyOf(known.bytes(), magic.length)));
		if (magic.length < 4 && startsLikeACapture) {
			return new CaptureUnreadable(Reason.TRUNCATED, 0,
					"the file ends " + magic.length + " bytes into its magic number");
		}
		return new CaptureUnreadable(Reason.NOT_A_CAPTURE, 0,
				"no pcap or pcapng magic number at the start (found " + hex(magic) + ")");
	}

	/** The format of the file. */
	public Format format() {
		return this.format;
	}

	/**
	 * The next frame, or {@code null} after the last. Once the file has proved unreadable
	 * every further call reports the same problem again.
	 */
	public CapturedFrame next() throws IOException, CaptureUnreadable {
		if (this.failure != null) {
			throw new CaptureUnreadable(this.failure.reason(), this.failure.offset(), this.failure.detail());
		}
		if (this.ended) {
			return null;
		}
		try {
			CapturedFrame frame = this.source.next(this.framesRead + 1);
			if (frame == null) {
				this.ended = true;
				return null;
			}
			this.framesRead++;
			return frame;
		}
		catch (CaptureUnreadable ex) {
			this.failure = ex;
			throw ex;
		}
	}

	@Override
	public void close() throws IOException {
		this.input.close();
	}

	private static byte[] bytes(int... values) {
		byte[] bytes = new byte[values.length];
		for (int i = 0; i < values.length; i++) {
			bytes[i] = (byte) values[i];
		}
		return bytes;
	}

	private static String hex(byte[] bytes) {
		StringBuilder text = new StringBuilder();
		for (byte b : bytes) {
			text.append(String.format("%02x", b));
		}
		return text.toString();
	}

}
