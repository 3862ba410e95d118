package io.sonde.p4programs.capture;

/**
 * A capture file, or a part of it, that cannot be read. Frames before the unreadable part
 * have already been returned by {@link CaptureReader#next()}.
 */
public final class CaptureUnreadable extends Exception {

	private static final long serialVersionUID = 1L;

	/** Why the capture cannot be read. */
	public enum Reason {

		/**
		 * The file starts with neither a pcap magic number nor a pcapng Section Header.
		 */
		NOT_A_CAPTURE,

		/** A pcap or pcapng version this reader does not implement. */
		UNSUPPORTED_VERSION,

		/** The file ends inside a header, record or block. */
		TRUNCATED,

		/**
		 * A pcapng Section Header Block after the first without a valid byte-order magic.
		 */
		BAD_SECTION_HEADER,

		/**
		 * A pcapng block length is too small, not a multiple of 4, absurdly large, or
		 * differs from the block's trailing copy.
		 */
		BAD_BLOCK_LENGTH,

		/**
		 * A packet's captured length exceeds the snapshot length, its block or a sane
		 * maximum.
		 */
		BAD_RECORD_LENGTH,

		/** A pcapng option runs past its block or has the wrong size. */
		BAD_OPTION,

		/** A timestamp that no {@link java.time.Instant} can hold. */
		BAD_TIMESTAMP,

		/** A pcapng packet refers to an interface its section has not described. */
		UNKNOWN_INTERFACE

	}

	private final Reason reason;

	private final long offset;

	private final String detail;

	/**
	 * @param reason why the capture cannot be read
	 * @param offset byte offset, from the start of the file, of the header, record or
	 * block that cannot be read
	 * @param detail what is wrong, in words
	 */
	public CaptureUnreadable(Reason reason, long offset, String detail) {
		super(reason + " at byte " + offset + ": " + detail);
		this.reason = reason;
		this.offset = offset;
		this.detail = detail;
	}

	/** Why the capture cannot be read. */
	public Reason reason() {
		return this.reason;
	}

	/** Byte offset of the header, record or block that cannot be read. */
	public long offset() {
		return this.offset;
	}

	/** What is wrong, in words, without the reason and offset. */
	public String detail() {
		return this.detail;
	}

}
