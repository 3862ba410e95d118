package io.sonde.p4programs.capture;

import java.nio.ByteBuffer;

import io.sonde.p4programs.capture.CaptureUnreadable.Reason;

/**
 * Walks a pcapng option list (draft-ietf-opsawg-pcapng Section 3.5): each option is a
 * 16-bit code, a 16-bit value length and the value padded to 32 bits; code 0
 * (opt_endofopt) ends the list, and so does the end of the block, since readers must not
 * rely on opt_endofopt being present.
 */
final class PcapngOptions {

	private static final int OPTION_HEADER_LENGTH = 4;

	private static final int END_OF_OPTIONS = 0;

	private final ByteBuffer block;

	private final long blockStart;

	private int next;

	private int code;

	private int valueOffset;

	private int valueLength;

	/**
	 * @param block the block body, in the section's byte order; options run to its limit
	 * @param firstOption index in {@code block} of the first option
	 * @param blockStart file offset of the block, for errors
	 */
	PcapngOptions(ByteBuffer block, int firstOption, long blockStart) {
		this.block = block;
		this.next = firstOption;
		this.blockStart = blockStart;
	}

	/** Moves to the next option; false at the end of the list. */
	boolean next() throws CaptureUnreadable {
		if (this.block.limit() - this.next < OPTION_HEADER_LENGTH) {
			return false;
		}
		this.code = Short.toUnsignedInt(this.block.getShort(this.next));
		this.valueLength = Short.toUnsignedInt(this.block.getShort(this.next + 2));
		if (this.code == END_OF_OPTIONS) {
			return false;
		}
		this.valueOffset = this.next + OPTION_HEADER_LENGTH;
		if (this.valueLength > this.block.limit() - this.valueOffset) {
			throw new CaptureUnreadable(Reason.BAD_OPTION, this.blockStart, "option " + this.code + " claims "
					+ this.valueLength + " bytes, the block has " + (this.block.limit() - this.valueOffset) + " left");
		}
		this.next = this.valueOffset + ((this.valueLength + 3) & ~3);
		return true;
	}

	int code() {
		return this.code;
	}

	int valueOffset() {
		return this.valueOffset;
	}

	void requireLength(int length, String name) throws CaptureUnreadable {
		if (this.valueLength != length) {
			throw new CaptureUnreadable(Reason.BAD_OPTION, this.blockStart,
					name + " must be " + length + " bytes long, not " + this.valueLength);
		}
	}

}
