package io.sonde.emulator.sim;

import java.util.SplittableRandom;
import java.util.stream.LongStream;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class RandomStreamsTests {

	@Test
	void sameSeedAndNameGiveTheSameSequence() {
		assertThat(draws(new RandomStreams(1).forComponent("link:s1:1->s2:1")))
			.containsExactly(draws(new RandomStreams(1).forComponent("link:s1:1->s2:1")));
	}

	@Test
	void differentNamesOrSeedsGiveDifferentSequences() {
		long[] base = draws(new RandomStreams(1).forComponent("flow:0"));
		assertThat(draws(new RandomStreams(1).forComponent("flow:1"))).isNotEqualTo(base);
		assertThat(draws(new RandomStreams(2).forComponent("flow:0"))).isNotEqualTo(base);
	}

	@Test
	void aStreamDoesNotDependOnWhichStreamsWereTakenBefore() {
		RandomStreams first = new RandomStreams(9);
		long[] alone = draws(first.forComponent("b"));
		RandomStreams second = new RandomStreams(9);
		second.forComponent("a").nextLong();
		second.forComponent("c");
		assertThat(draws(second.forComponent("b"))).isEqualTo(alone);
	}

	@Test
	void rejectsAComponentWithoutAName() {
		assertThatThrownBy(() -> new RandomStreams(1).forComponent("")).isInstanceOf(IllegalArgumentException.class);
	}

	private static long[] draws(SplittableRandom random) {
		return LongStream.range(0, 16).map(i -> random.nextLong()).toArray();
	}

}
