package io.sonde.emulator.net;

import java.util.List;

import org.junit.jupiter.api.Test;

import io.sonde.emulator.net.NetworkFixture.Received;

import static org.assertj.core.api.Assertions.assertThat;

class LinkLossTests {

	private static final int PACKETS = 20_000;

	@Test
	void losesAFractionOfFramesWithinAStatisticalBoundOfTheProbability() {
		double probability = 0.2;
		Outcome outcome = run(11, probability);
		assertThat(outcome.delivered + outcome.lost).isEqualTo(PACKETS);
		// Four standard deviations of a binomial proportion: fails by chance about once
		// in 16,000 seeds, and the seed is fixed.
		double bound = 4 * Math.sqrt(probability * (1 - probability) / PACKETS);
		assertThat((double) outcome.lost / PACKETS).isBetween(probability - bound, probability + bound);
	}

	@Test
	void losesTheSameFramesForTheSameSeedAndOthersForAnotherSeed() {
		Outcome first = run(5, 0.1);
		Outcome again = run(5, 0.1);
		Outcome other = run(6, 0.1);
		assertThat(again.arrivedIds).isEqualTo(first.arrivedIds);
		assertThat(other.arrivedIds).isNotEqualTo(first.arrivedIds);
	}

	@Test
	void deliversEverythingWithoutLossAndNothingAtCertainLoss() {
		assertThat(run(1, 0.0).lost).isZero();
		assertThat(run(1, 1.0).delivered).isZero();
	}

	private static Outcome run(long seed, double lossProbability) {
		NetworkFixture fixture = new NetworkFixture(seed);
		HostNode a = fixture.host("a", 1);
		HostNode b = fixture.host("b", 2);
		Link link = fixture.connect(a, 1, b, 1,
				new LinkParameters(1_000_000_000L, 1_000, 0, lossProbability, PACKETS, 24));
		List<Received> arrivals = fixture.recordArrivals(b);
		for (int i = 0; i < PACKETS; i++) {
			fixture.sendAt(i * 1_000L, a, 64);
		}
		fixture.clock.runUntil(PACKETS * 1_000L + 1_000_000);
		assertThat(link.forward().lostPackets()).isEqualTo(link.lostPackets());
		return new Outcome(arrivals.size(), link.lostPackets(), arrivals.stream().map(Received::id).toList());
	}

	private record Outcome(long delivered, long lost, List<Long> arrivedIds) {
	}

}
