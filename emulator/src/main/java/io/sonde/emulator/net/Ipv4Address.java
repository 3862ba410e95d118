package io.sonde.emulator.net;

/**
 * An IPv4 address as its 32-bit value (network byte order read as a big-endian int).
 */
public record Ipv4Address(int value) {

	/**
	 * Parses dotted-quad notation.
	 * @throws IllegalArgumentException naming the text when it is not an IPv4 address
	 */
	public static Ipv4Address parse(String text) {
		if (text == null) {
			throw new IllegalArgumentException("an IPv4 address is missing");
		}
		String[] parts = text.trim().split("\\.", -1);
		if (parts.length != 4) {
			throw new IllegalArgumentException("not an IPv4 address: '" + text + "'");
		}
		int value = 0;
		for (String part : parts) {
			if (part.isEmpty() || part.length() > 3 || !part.chars().allMatch(Character::isDigit)) {
				throw new IllegalArgumentException("not an IPv4 address: '" + text + "'");
			}
			int octet = Integer.parseInt(part);
			if (octet > 255) {
				throw new IllegalArgumentException("not an IPv4 address (octet " + octet + "): '" + text + "'");
			}
			value = (value << 8) | octet;
		}
		return new Ipv4Address(value);
	}

	public static Ipv4Address of(int a, int b, int c, int d) {
		for (int octet : new int[] { a, b, c, d }) {
			if (octet < 0 || octet > 255) {
				throw new IllegalArgumentException("IPv4 octet out of range: " + octet);
			}
		}
		return new Ipv4Address((a << 24) | (b << 16) | (c << 8) | d);
	}

	/** Writes the four bytes at {@code offset}. */
	public void writeTo(byte[] bytes, int offset) {
		bytes[offset] = (byte) (this.value >>> 24);
		bytes[offset + 1] = (byte) (this.value >>> 16);
		bytes[offset + 2] = (byte) (this.value >>> 8);
		bytes[offset + 3] = (byte) this.value;
	}

	public byte[] toBytes() {
		byte[] bytes = new byte[4];
		writeTo(bytes, 0);
		return bytes;
	}

	@Override
	public String toString() {
		return (this.value >>> 24) + "." + ((this.value >>> 16) & 0xff) + "." + ((this.value >>> 8) & 0xff) + "."
				+ (this.value & 0xff);
	}

}
