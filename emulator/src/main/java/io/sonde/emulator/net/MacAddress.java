package io.sonde.emulator.net;

import java.util.Locale;

/**
 * A 48-bit Ethernet MAC address held in the low bits of a long.
 */
public record MacAddress(long value) {

	private static final long MASK = 0xFFFF_FFFF_FFFFL;

	public MacAddress {
		if ((value & ~MASK) != 0) {
			throw new IllegalArgumentException("a MAC address has 48 bits: " + Long.toHexString(value));
		}
	}

	/**
	 * Parses {@code aa:bb:cc:dd:ee:ff} (or with dashes).
	 * @throws IllegalArgumentException naming the text when it is not a MAC address
	 */
	public static MacAddress parse(String text) {
		if (text == null) {
			throw new IllegalArgumentException("a MAC address is missing");
		}
		String[] parts = text.trim().split("[:-]", -1);
		if (parts.length != 6) {
			throw new IllegalArgumentException("not a MAC address: '" + text + "'");
		}
		long value = 0;
		for (String part : parts) {
			if (part.length() != 2 || !part.chars().allMatch(c -> Character.digit(c, 16) >= 0)) {
				throw new IllegalArgumentException("not a MAC address: '" + text + "'");
			}
			value = (value << 8) | Integer.parseInt(part, 16);
		}
		return new MacAddress(value);
	}

	/**
	 * A locally administered unicast address (IEEE 802 bit 1 of the first octet set, bit
	 * 0 clear) built from a 40-bit number, for emulated devices.
	 */
	public static MacAddress local(long low40Bits) {
		return new MacAddress(0x02_00_00_00_00_00L | (low40Bits & 0xFF_FFFF_FFFFL));
	}

	/** Writes the six bytes at {@code offset}. */
	public void writeTo(byte[] bytes, int offset) {
		for (int i = 0; i < 6; i++) {
			bytes[offset + i] = (byte) (this.value >>> (40 - 8 * i));
		}
	}

	public byte[] toBytes() {
		byte[] bytes = new byte[6];
		writeTo(bytes, 0);
		return bytes;
	}

	@Override
	public String toString() {
		StringBuilder text = new StringBuilder(17);
		for (int i = 0; i < 6; i++) {
			if (i > 0) {
				text.append(':');
			}
			text.append(String.format(Locale.ROOT, "%02x", (this.value >>> (40 - 8 * i)) & 0xff));
		}
		return text.toString();
	}

}
