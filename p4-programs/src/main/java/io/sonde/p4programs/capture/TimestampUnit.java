package io.sonde.p4programs.capture;

import java.math.BigInteger;
import java.time.Instant;

import io.sonde.p4programs.capture.CaptureUnreadable.Reason;

/**
 * The unit of a pcapng packet timestamp, from the interface's {@code if_tsresol} option
 * (draft-ietf-opsawg-pcapng Section 4.2): with the most significant bit clear the other
 * seven bits are a negative power of 10, with it set a negative power of 2. Without the
 * option the unit is a microsecond.
 *
 * @param powerOfTwo whether the unit is 2^-exponent seconds rather than 10^-exponent
 * @param exponent the negative exponent
 */
record TimestampUnit(boolean powerOfTwo, int exponent) {

	static final TimestampUnit MICROSECONDS = new TimestampUnit(false, 6);

	static final TimestampUnit NANOSECONDS = new TimestampUnit(false, 9);

	private static final int POWER_OF_TWO_FLAG = 0x80;

	private static final int EXPONENT_MASK = 0x7F;

	/**
	 * 10^19 still fits an unsigned 64-bit count; a finer decimal unit cannot reach 1 s.
	 */
	private static final int MAX_DECIMAL_EXPONENT = 19;

	/**
	 * 2^-63 is the finest binary unit whose one-second count fits an unsigned 64-bit
	 * word.
	 */
	private static final int MAX_BINARY_EXPONENT = 63;

	private static final long NANOS_PER_SECOND = 1_000_000_000L;

	private static final BigInteger BIG_NANOS_PER_SECOND = BigInteger.valueOf(NANOS_PER_SECOND);

	/**
	 * The unit an {@code if_tsresol} byte names, or {@code null} when it is out of range.
	 */
	static TimestampUnit fromOption(int value) {
		boolean powerOfTwo = (value & POWER_OF_TWO_FLAG) != 0;
		int exponent = value & EXPONENT_MASK;
		int limit = powerOfTwo ? MAX_BINARY_EXPONENT : MAX_DECIMAL_EXPONENT;
		return (exponent <= limit) ? new TimestampUnit(powerOfTwo, exponent) : null;
	}

	/** The {@code if_tsresol} byte for this unit. */
	int optionValue() {
		return (this.powerOfTwo ? POWER_OF_TWO_FLAG : 0) | this.exponent;
	}

	/**
	 * The instant {@code units} (an unsigned 64-bit count) of this unit after the epoch,
	 * plus {@code offsetSeconds} ({@code if_tsoffset}).
	 */
	Instant toInstant(long units, long offsetSeconds, long blockStart) throws CaptureUnreadable {
		long seconds;
		long nanos;
		if (this.powerOfTwo) {
			seconds = units >>> this.exponent;
			long fraction = (this.exponent == 0) ? 0 : units & ((1L << this.exponent) - 1);
			// fraction * 10^9 can need 93 bits, so the scaling goes through BigInteger.
			nanos = BigInteger.valueOf(fraction).multiply(BIG_NANOS_PER_SECOND).shiftRight(this.exponent).longValue();
		}
		else {
			long perSecond = unsignedPowerOfTen(this.exponent);
			seconds = Long.divideUnsigned(units, perSecond);
			long fraction = Long.remainderUnsigned(units, perSecond);
			nanos = (this.exponent <= 9) ? fraction * powerOfTen(9 - this.exponent)
					: fraction / powerOfTen(this.exponent - 9);
		}
		if (seconds < 0) {
			throw unrepresentable(units, blockStart);
		}
		try {
			long total = Math.addExact(seconds, offsetSeconds);
			if (total < Instant.MIN.getEpochSecond() || total > Instant.MAX.getEpochSecond()) {
				throw unrepresentable(units, blockStart);
			}
			return Instant.ofEpochSecond(total, nanos);
		}
		catch (ArithmeticException ex) {
			throw unrepresentable(units, blockStart);
		}
	}

	private CaptureUnreadable unrepresentable(long units, long blockStart) {
		return new CaptureUnreadable(Reason.BAD_TIMESTAMP, blockStart,
				"timestamp " + Long.toUnsignedString(units) + " in units of " + this + " is out of range");
	}

	/** 10^exponent as an unsigned 64-bit value (10^19 exceeds a signed long). */
	private static long unsignedPowerOfTen(int exponent) {
		return BigInteger.TEN.pow(exponent).longValue();
	}

	private static long powerOfTen(int exponent) {
		long value = 1;
		for (int i = 0; i < exponent; i++) {
			value *= 10;
		}
		return value;
	}

	@Override
	public String toString() {
		return (this.powerOfTwo ? "2^-" : "10^-") + this.exponent + " s";
	}

}
