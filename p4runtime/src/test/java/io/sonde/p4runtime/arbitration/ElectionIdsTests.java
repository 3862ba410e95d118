package io.sonde.p4runtime.arbitration;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import p4.v1.Uint128;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class ElectionIdsTests {

	@Test
	void comparesHalvesAsUnsignedNumbers() {
		Uint128 big = ElectionIds.of(0, -1L);
		assertThat(ElectionIds.isGreater(big, ElectionIds.of(1))).isTrue();
		assertThat(ElectionIds.isGreater(ElectionIds.of(1, 0), big)).isTrue();
		assertThat(ElectionIds.compare(ElectionIds.of(5), ElectionIds.of(5))).isZero();
		assertThat(ElectionIds.max(ElectionIds.of(3), ElectionIds.of(-1L, 0))).isEqualTo(ElectionIds.of(-1L, 0));
	}

	@Test
	void sortsWithTheComparator() {
		List<Uint128> ids = new ArrayList<>(List.of(ElectionIds.of(1, 0), ElectionIds.of(0, -1L), ElectionIds.of(2)));
		ids.sort(ElectionIds.ORDER);
		assertThat(ids).containsExactly(ElectionIds.of(2), ElectionIds.of(0, -1L), ElectionIds.of(1, 0));
	}

	@Test
	void incrementsWithCarryIntoTheHighHalf() {
		assertThat(ElectionIds.increment(ElectionIds.of(41))).isEqualTo(ElectionIds.of(42));
		assertThat(ElectionIds.increment(ElectionIds.of(0, -1L))).isEqualTo(ElectionIds.of(1, 0));
		assertThatExceptionOfType(ArithmeticException.class)
			.isThrownBy(() -> ElectionIds.increment(ElectionIds.of(-1L, -1L)));
	}

	@Test
	void convertsToAndFromBigInteger() {
		BigInteger value = BigInteger.ONE.shiftLeft(64).add(BigInteger.TEN);
		assertThat(ElectionIds.of(value)).isEqualTo(ElectionIds.of(1, 10));
		assertThat(ElectionIds.toBigInteger(ElectionIds.of(1, 10))).isEqualTo(value);
		assertThat(ElectionIds.format(ElectionIds.of(0, -1L))).isEqualTo("18446744073709551615");
		assertThatExceptionOfType(ArithmeticException.class)
			.isThrownBy(() -> ElectionIds.of(BigInteger.ONE.shiftLeft(128)));
	}

}
