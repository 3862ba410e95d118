package io.sonde.p4runtime.arbitration;

import java.math.BigInteger;
import java.util.Comparator;

import p4.v1.Uint128;

/**
 * Election ids are unsigned 128-bit numbers split into two uint64 halves, which Java
 * reads as signed longs: comparing them with {@code <} gets ids at or above 2^63 wrong,
 * so all comparisons go through here.
 */
public final class ElectionIds {

	/** Orders election ids as unsigned 128-bit numbers. */
	public static final Comparator<Uint128> ORDER = ElectionIds::compare;

	private static final BigInteger MAX = BigInteger.ONE.shiftLeft(128).subtract(BigInteger.ONE);

	private ElectionIds() {
	}

	public static Uint128 of(long low) {
		return of(0, low);
	}

	public static Uint128 of(long high, long low) {
		return Uint128.newBuilder().setHigh(high).setLow(low).build();
	}

	public static int compare(Uint128 a, Uint128 b) {
		int high = Long.compareUnsigned(a.getHigh(), b.getHigh());
		return (high != 0) ? high : Long.compareUnsigned(a.getLow(), b.getLow());
	}

	public static boolean isGreater(Uint128 a, Uint128 b) {
		return compare(a, b) > 0;
	}

	public static Uint128 max(Uint128 a, Uint128 b) {
		return (compare(a, b) >= 0) ? a : b;
	}

	/**
	 * The next id, e.g. for a controller taking over with an id above the highest the
	 * switch has seen (the one it reports in arbitration responses).
	 * @throws ArithmeticException at 2^128 - 1
	 */
	public static Uint128 increment(Uint128 id) {
		long low = id.getLow() + 1;
		long high = id.getHigh();
		if (low == 0) {
			if (high == -1L) {
				throw new ArithmeticException("election id overflows 128 bits");
			}
			high++;
		}
		return of(high, low);
	}

	public static BigInteger toBigInteger(Uint128 id) {
		BigInteger high = new BigInteger(Long.toUnsignedString(id.getHigh()));
		return high.shiftLeft(64).or(new BigInteger(Long.toUnsignedString(id.getLow())));
	}

	public static Uint128 of(BigInteger value) {
		if (value.signum() < 0 || value.compareTo(MAX) > 0) {
			throw new ArithmeticException("not an unsigned 128-bit number: " + value);
		}
		return of(value.shiftRight(64).longValue(), value.longValue());
	}

	/** Decimal text of the full 128-bit value, for logs. */
	public static String format(Uint128 id) {
		return toBigInteger(id).toString();
	}

}
