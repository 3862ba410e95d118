package io.sonde.p4programs.capture;

import java.nio.ByteBuffer;

import io.sonde.p4programs.capture.CaptureUnreadable.Reason;

/**
 * What a pcapng Interface Description Block (draft-ietf-opsawg-pcapng Section 4.2) says
 * about the packets that refer to it. Body layout: link type (2), reserved (2), snapshot
 * length (4), options.
 *
 * @param linkTypeCode the LINKTYPE_ code
 * @param snaplen the snapshot length, 0 for none
 * @param unit the unit of its packets' timestamps ({@code if_tsresol}, option 9)
 * @param offsetSeconds seconds added to its packets' timestamps ({@code if_tsoffset},
 * option 14)
 */
record PcapngInterface(int linkTypeCode, long snaplen, TimestampUnit unit, long offsetSeconds) {

	static final int FIXED_BODY_LENGTH = 8;

	static final int OPTION_TSRESOL = 9;

	static final int OPTION_TSOFFSET = 14;

	/**
	 * Reads the block body; {@code body} is positioned at its start, in the section's
	 * order.
	 */
	static PcapngInterface parse(ByteBuffer body, long blockStart) throws CaptureUnreadable {
		if (body.remaining() < FIXED_BODY_LENGTH) {
			throw new CaptureUnreadable(Reason.BAD_BLOCK_LENGTH, blockStart, "an interface description needs "
					+ FIXED_BODY_LENGTH + " body bytes, the block has " + body.remaining());
		}
		int linkTypeCode = Short.toUnsignedInt(body.getShort(body.position()));
		long snaplen = Integer.toUnsignedLong(body.getInt(body.position() + 4));
		TimestampUnit unit = TimestampUnit.MICROSECONDS;
		long offsetSeconds = 0;
		PcapngOptions options = new PcapngOptions(body, body.position() + FIXED_BODY_LENGTH, blockStart);
		while (options.next()) {
			if (options.code() == OPTION_TSRESOL) {
				options.requireLength(1, "if_tsresol");
				int value = Byte.toUnsignedInt(body.get(options.valueOffset()));
				unit = TimestampUnit.fromOption(value);
				if (unit == null) {
					throw new CaptureUnreadable(Reason.BAD_OPTION, blockStart,
							"if_tsresol 0x" + Integer.toHexString(value) + " is finer than a 64-bit count allows");
				}
			}
			else if (options.code() == OPTION_TSOFFSET) {
				options.requireLength(8, "if_tsoffset");
				offsetSeconds = body.getLong(options.valueOffset());
			}
		}
		return new PcapngInterface(linkTypeCode, snaplen, unit, offsetSeconds);
	}

}
