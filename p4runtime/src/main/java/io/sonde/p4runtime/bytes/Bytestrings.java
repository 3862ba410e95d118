package io.sonde.p4runtime.bytes;

import java.math.BigInteger;

import com.google.protobuf.ByteString;

import io.sonde.p4runtime.bytes.BytestringRejected.Reason;

/**
 * P4Runtime bytestrings (spec §8.3): unsigned big-endian values whose canonical form is
 * the shortest string that holds the value, with zero as the single byte {@code 0x00}.
 * <p>
 * Senders must use the canonical form: a server reads back what it normalised, so a
 * padded value ({@code bit<16>} 99 as {@code \x00\x63}) is read back as {@code \x63} and
 * would break read-write symmetry for anyone comparing entries. Receivers accept any
 * length as long as the extra leading bytes are zero.
 */
public final class Bytestrings {

	private static final ByteString ZERO = ByteString.copyFrom(new byte[] { 0 });

	private Bytestrings() {
	}

	/** The canonical encoding of {@code value} for a field of {@code bitwidth} bits. */
	public static ByteString encode(long value, int bitwidth) {
		if (value < 0) {
			throw new BytestringRejected(Reason.NEGATIVE, bitwidth, "value " + value + " is negative");
		}
		return encode(BigInteger.valueOf(value), bitwidth);
	}

	/** The canonical encoding of {@code value} for a field of {@code bitwidth} bits. */
	public static ByteString encode(BigInteger value, int bitwidth) {
		requirePositive(bitwidth);
		if (value.signum() < 0) {
			throw new BytestringRejected(Reason.NEGATIVE, bitwidth, "value " + value + " is negative");
		}
		if (value.bitLength() > bitwidth) {
			throw new BytestringRejected(Reason.TOO_WIDE, bitwidth,
					"value " + value + " needs " + value.bitLength() + " bits");
		}
		if (value.signum() == 0) {
			return ZERO;
		}
		byte[] bytes = value.toByteArray();
		// BigInteger adds a sign byte when the top bit is set; unsigned values do not.
		int sign = (bytes[0] == 0) ? 1 : 0;
		return ByteString.copyFrom(bytes, sign, bytes.length - sign);
	}

	/**
	 * The canonical form of a received bytestring: leading zero bytes stripped, checked
	 * against the bitwidth. A bitwidth of 0 marks a string-translated type
	 * ({@code sdn_string}), which has no numeric form and is returned unchanged.
	 */
	public static ByteString canonicalize(ByteString value, int bitwidth) {
		if (bitwidth == 0) {
			return value;
		}
		requirePositive(bitwidth);
		if (value.isEmpty()) {
			throw new BytestringRejected(Reason.EMPTY, bitwidth, "empty bytestring");
		}
		int first = 0;
		while (first < value.size() - 1 && value.byteAt(first) == 0) {
			first++;
		}
		ByteString stripped = (first == 0) ? value : value.substring(first);
		int bits = bitLength(stripped);
		if (bits > bitwidth) {
			throw new BytestringRejected(Reason.TOO_WIDE, bitwidth,
					"bytestring 0x" + hex(value) + " needs " + bits + " bits");
		}
		return stripped;
	}

	/** True if {@code value} is already the canonical form for the bitwidth. */
	public static boolean isCanonical(ByteString value, int bitwidth) {
		try {
			return canonicalize(value, bitwidth).equals(value);
		}
		catch (BytestringRejected ex) {
			return false;
		}
	}

	/** The unsigned value of a bytestring of any length. */
	public static BigInteger toBigInteger(ByteString value) {
		if (value.isEmpty()) {
			throw new BytestringRejected(Reason.EMPTY, 0, "empty bytestring");
		}
		return new BigInteger(1, value.toByteArray());
	}

	/** The unsigned value of a bytestring; fails if it does not fit a signed long. */
	public static long toLong(ByteString value) {
		BigInteger big = toBigInteger(value);
		if (big.bitLength() > 63) {
			throw new BytestringRejected(Reason.TOO_WIDE, 63, "bytestring 0x" + hex(value) + " exceeds a long");
		}
		return big.longValue();
	}

	/** The value left-padded with zero bytes to the field's full width, for display. */
	public static ByteString padded(ByteString value, int bitwidth) {
		ByteString canonical = canonicalize(value, bitwidth);
		int width = byteWidth(bitwidth);
		if (canonical.size() >= width) {
			return canonical;
		}
		return ByteString.copyFrom(new byte[width - canonical.size()]).concat(canonical);
	}

	/** Bytes needed for a field of {@code bitwidth} bits: floor((W+7)/8). */
	public static int byteWidth(int bitwidth) {
		requirePositive(bitwidth);
		return (bitwidth + 7) / 8;
	}

	/** The largest unsigned value of {@code bitwidth} bits (all ones). */
	public static BigInteger maxValue(int bitwidth) {
		requirePositive(bitwidth);
		return BigInteger.ONE.shiftLeft(bitwidth).subtract(BigInteger.ONE);
	}

	/** A canonical 48-bit MAC from {@code aa:bb:cc:dd:ee:ff} (or with dashes). */
	public static ByteString mac(String text) {
		String[] parts = text.trim().split("[:-]");
		if (parts.length != 6) {
			throw new BytestringRejected(Reason.MALFORMED, 48, "not a MAC address: '" + text + "'");
		}
		return encode(new BigInteger(1, parseOctets(parts, 16, text, 48)), 48);
	}

	/** A canonical 32-bit IPv4 address from dotted-quad text (no name lookup). */
	public static ByteString ipv4(String text) {
		String[] parts = text.trim().split("\\.", -1);
		if (parts.length != 4) {
			throw new BytestringRejected(Reason.MALFORMED, 32, "not an IPv4 address: '" + text + "'");
		}
		return encode(new BigInteger(1, parseOctets(parts, 10, text, 32)), 32);
	}

	/** {@code aa:bb:cc:dd:ee:ff} for a MAC bytestring of any accepted length. */
	public static String formatMac(ByteString value) {
		ByteString full = padded(value, 48);
		StringBuilder text = new StringBuilder();
		for (int i = 0; i < full.size(); i++) {
			if (i > 0) {
				text.append(':');
			}
			text.append(String.format("%02x", full.byteAt(i) & 0xff));
		}
		return text.toString();
	}

	/** Dotted-quad text for an IPv4 bytestring of any accepted length. */
	public static String formatIpv4(ByteString value) {
		ByteString full = padded(value, 32);
		StringBuilder text = new StringBuilder();
		for (int i = 0; i < full.size(); i++) {
			if (i > 0) {
				text.append('.');
			}
			text.append(full.byteAt(i) & 0xff);
		}
		return text.toString();
	}

	/** Lower-case hex digits of the bytestring, for messages. */
	public static String hex(ByteString value) {
		StringBuilder text = new StringBuilder();
		for (int i = 0; i < value.size(); i++) {
			text.append(String.format("%02x", value.byteAt(i) & 0xff));
		}
		return text.toString();
	}

	private static byte[] parseOctets(String[] parts, int radix, String text, int bitwidth) {
		byte[] octets = new byte[parts.length];
		for (int i = 0; i < parts.length; i++) {
			try {
				int octet = Integer.parseInt(parts[i], radix);
				if (parts[i].isEmpty() || parts[i].length() > 3 || octet < 0 || octet > 255) {
					throw new NumberFormatException(parts[i]);
				}
				octets[i] = (byte) octet;
			}
			catch (NumberFormatException ex) {
				throw new BytestringRejected(Reason.MALFORMED, bitwidth, "bad octet in '" + text + "'");
			}
		}
		return octets;
	}

	private static int bitLength(ByteString stripped) {
		int top = stripped.byteAt(0) & 0xff;
		return (stripped.size() - 1) * 8 + (32 - Integer.numberOfLeadingZeros(top));
	}

	private static void requirePositive(int bitwidth) {
		if (bitwidth <= 0) {
			throw new IllegalArgumentException("bitwidth must be positive, was " + bitwidth);
		}
	}

}
