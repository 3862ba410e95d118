package io.sonde.probes;

import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.Set;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** What a plan request accepts, and the field it names when it does not. */
class PlanRequestTests {

	@Test
	void refusesKBelowOne() {
		assertRejected(() -> PlanRequest.gpint(0, 0), "k");
	}

	@Test
	void refusesCNotAboveZero() {
		assertRejected(() -> PlanRequest.gpintC(0, 0), "c");
		assertRejected(() -> PlanRequest.gpintC(-1, 0), "c");
		assertRejected(() -> PlanRequest.gpintC(Double.NaN, 0), "c");
	}

	@Test
	void refusesKAndCTogether() {
		assertRejected(
				() -> new PlanRequest(Algorithm.GPINT, OptionalInt.of(3), OptionalDouble.of(3), 0, Set.of(), Set.of()),
				"k");
	}

	@Test
	void refusesAPathCountForEuler() {
		assertRejected(() -> new PlanRequest(Algorithm.EULER, OptionalInt.of(3), OptionalDouble.empty(), 0, Set.of(),
				Set.of()), "k");
	}

	@Test
	void refusesAnUnknownAlgorithmNamingIt() {
		assertRejected(() -> Algorithm.named("dijkstra"), "algorithm");
		assertThat(Algorithm.named(" GPINT ")).isEqualTo(Algorithm.GPINT);
	}

	@Test
	void derivesKFromCAsTheFloorOfCTimesSwitchesOverTenAndAtLeastOne() {
		assertThat(PlanRequest.gpintC(3, 0).pathsFor(100)).isEqualTo(30);
		assertThat(PlanRequest.gpintC(5, 0).pathsFor(37)).isEqualTo(18);
		assertThat(PlanRequest.gpintC(2, 0).pathsFor(4)).isEqualTo(1);
		assertThat(new PlanRequest(Algorithm.GPINT, null, null, 0, null, null).pathsFor(20)).isEqualTo(6);
		assertThat(PlanRequest.gpint(7, 0).pathsFor(1000)).isEqualTo(7);
	}

	@Test
	void linksAreTheSameWhicheverEndComesFirst() {
		assertThat(Link.between("s-2", "s-1")).isEqualTo(Link.between("s-1", "s-2"));
		assertThat(Link.between("s-2", "s-1").a()).isEqualTo("s-1");
	}

	private static void assertRejected(Runnable request, String field) {
		assertThatThrownBy(request::run).isInstanceOfSatisfying(PlanRequestRejected.class,
				(rejected) -> assertThat(rejected.field()).isEqualTo(field));
	}

}
