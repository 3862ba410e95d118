package io.sonde.emulator.state;

import java.math.BigInteger;

import com.google.protobuf.ByteString;

/**
 * Unsigned values of any width as big-endian arrays of 64-bit words: word 0 of a field is
 * its most significant. Lookup keys, entry values and masks all use this form so that the
 * data plane compares and hashes primitive longs, never byte strings.
 */
final class Words {

	private Words() {
	}

	/** Words needed for a field of {@code bitwidth} bits (at least one). */
	static int wordsFor(int bitwidth) {
		return Math.max(1, (bitwidth + 63) / 64);
	}

	/**
	 * Writes an unsigned bytestring right-aligned into {@code words} words of
	 * {@code target} starting at {@code offset}; higher bytes than fit are dropped, so
	 * callers pass canonical values that fit.
	 */
	static void write(ByteString value, long[] target, int offset, int words) {
		for (int i = 0; i < words; i++) {
			target[offset + i] = 0;
		}
		int size = value.size();
		for (int i = 0; i < size && i < words * 8; i++) {
			int fromEnd = i;
			int word = offset + words - 1 - fromEnd / 8;
			int shift = (fromEnd % 8) * 8;
			target[word] |= (value.byteAt(size - 1 - i) & 0xffL) << shift;
		}
	}

	/** The same as {@link #write} for a value held as a BigInteger. */
	static void write(BigInteger value, long[] target, int offset, int words) {
		for (int i = 0; i < words; i++) {
			target[offset + words - 1 - i] = value.shiftRight(64 * i).longValue();
		}
	}

	/** The top {@code prefix} bits of a {@code bitwidth}-bit field, as words. */
	static void writePrefixMask(int bitwidth, int prefix, long[] target, int offset, int words) {
		BigInteger ones = BigInteger.ONE.shiftLeft(prefix).subtract(BigInteger.ONE);
		write(ones.shiftLeft(bitwidth - prefix), target, offset, words);
	}

	/** All {@code bitwidth} bits of a field set, as words. */
	static void writeWidthMask(int bitwidth, long[] target, int offset, int words) {
		writePrefixMask(bitwidth, bitwidth, target, offset, words);
	}

	/** Unsigned comparison of two equally long word runs. */
	static int compare(long[] a, int aOffset, long[] b, int bOffset, int words) {
		for (int i = 0; i < words; i++) {
			int c = Long.compareUnsigned(a[aOffset + i], b[bOffset + i]);
			if (c != 0) {
				return c;
			}
		}
		return 0;
	}

	/** A 64-bit mix (the finaliser of MurmurHash3) so that similar keys spread out. */
	static long mix(long h) {
		h ^= h >>> 33;
		h *= 0xff51afd7ed558ccdL;
		h ^= h >>> 33;
		h *= 0xc4ceb9fe1a85ec53L;
		h ^= h >>> 33;
		return h;
	}

}
