package io.sonde.p4programs.codec;

import java.io.ByteArrayOutputStream;
import java.util.Arrays;

/**
 * Test bytes written as hex fields, one field per argument so each can carry its comment.
 */
final class Hex {

	private Hex() {
	}

	/** Concatenates hex fields; spaces inside a field are ignored. */
	static byte[] bytes(String... fields) {
		ByteArrayOutputStream out = new ByteArrayOutputStream();
		for (String field : fields) {
			String digits = field.replace(" ", "");
			if (digits.length() % 2 != 0) {
				throw new IllegalArgumentException("odd number of hex digits in " + field);
			}
			for (int i = 0; i < digits.length(); i += 2) {
				out.write(Integer.parseInt(digits.substring(i, i + 2), 16));
			}
		}
		return out.toByteArray();
	}

	/** Concatenates byte arrays. */
	static byte[] concat(byte[]... parts) {
		ByteArrayOutputStream out = new ByteArrayOutputStream();
		for (byte[] part : parts) {
			out.writeBytes(part);
		}
		return out.toByteArray();
	}

	/** {@code count} bytes of {@code value}. */
	static byte[] repeat(int value, int count) {
		byte[] bytes = new byte[count];
		Arrays.fill(bytes, (byte) value);
		return bytes;
	}

}
