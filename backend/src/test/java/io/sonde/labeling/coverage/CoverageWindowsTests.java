package io.sonde.labeling.coverage;

import java.util.List;
import java.util.Set;

import io.sonde.labeling.PortKey;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The coverage rate over telemetry intervals: covered active ports over active ports per
 * window, windows closed in order and only once they ended, late facts kept.
 */
class CoverageWindowsTests {

	private static final long TI = 100_000_000L;

	private static final long START = 5_000_000_000L;

	private static final PortKey LEAF1_P1 = new PortKey("leaf-1", 1);

	private static final PortKey LEAF1_P2 = new PortKey("leaf-1", 2);

	private static final PortKey SPINE1_P3 = new PortKey("spine-1", 3);

	private final CoverageWindows windows = new CoverageWindows(TI, START);

	@Test
	void rateIsCoveredActivePortsOverActivePorts() {
		this.windows.carried(LEAF1_P1, START + 1);
		this.windows.carried(LEAF1_P2, START + 2);
		this.windows.carried(SPINE1_P3, START + 3);
		this.windows.carried(SPINE1_P3, START + 4);
		this.windows.updated(LEAF1_P1, START + 50_000_000L);

		List<CoverageWindow> closed = this.windows.closeUntil(START + TI);

		assertThat(closed).singleElement().satisfies((window) -> {
			assertThat(window.start()).isEqualTo(START);
			assertThat(window.end()).isEqualTo(START + TI);
			assertThat(window.active()).containsExactlyInAnyOrder(LEAF1_P1, LEAF1_P2, SPINE1_P3);
			assertThat(window.covered()).containsExactly(LEAF1_P1);
			assertThat(window.rate()).isEqualTo(1.0 / 3);
		});
	}

	@Test
	void anUpdatedPortIsActiveEvenWithoutACounterRise() {
		this.windows.carried(LEAF1_P1, START);
		this.windows.updated(LEAF1_P2, START + 10);

		CoverageWindow window = this.windows.closeUntil(START + TI).get(0);

		assertThat(window.active()).containsExactlyInAnyOrder(LEAF1_P1, LEAF1_P2);
		assertThat(window.rate()).isEqualTo(0.5);
	}

	@Test
	void aWindowWithNothingActiveHasRateOne() {
		List<CoverageWindow> closed = this.windows.closeUntil(START + TI);

		assertThat(closed).singleElement().satisfies((window) -> {
			assertThat(window.active()).isEmpty();
			assertThat(window.rate()).isEqualTo(1.0);
		});
	}

	@Test
	void aWindowClosesOnlyOnceItEnded() {
		this.windows.carried(LEAF1_P1, START);

		assertThat(this.windows.closeUntil(START + TI - 1)).isEmpty();
		assertThat(this.windows.closeUntil(START + TI)).hasSize(1);
		assertThat(this.windows.closeUntil(START + TI)).isEmpty();
		assertThat(this.windows.openStart()).isEqualTo(START + TI);
	}

	@Test
	void factsLandInTheWindowOfTheirTimeAndWindowsCloseInOrderWithGapsIncluded() {
		this.windows.carried(LEAF1_P1, START + 10);
		this.windows.updated(LEAF1_P1, START + 20);
		this.windows.carried(LEAF1_P2, START + 3 * TI + 5);
		this.windows.carried(LEAF1_P1, START + TI + 7);

		List<CoverageWindow> closed = this.windows.closeUntil(START + 4 * TI + 1);

		assertThat(closed).extracting(CoverageWindow::start)
			.containsExactly(START, START + TI, START + 2 * TI, START + 3 * TI);
		assertThat(closed).extracting(CoverageWindow::rate).containsExactly(1.0, 0.0, 1.0, 0.0);
		assertThat(closed.get(1).active()).containsExactly(LEAF1_P1);
		assertThat(closed.get(2).active()).isEmpty();
		assertThat(closed.get(3).active()).containsExactly(LEAF1_P2);
	}

	@Test
	void aFactTimedInAnAlreadyClosedWindowCountsInTheOldestOpenOne() {
		this.windows.carried(LEAF1_P1, START + 1);
		this.windows.closeUntil(START + TI);

		this.windows.updated(LEAF1_P1, START + 2);
		this.windows.carried(LEAF1_P2, START - 5 * TI);

		CoverageWindow next = this.windows.closeUntil(START + 2 * TI).get(0);
		assertThat(next.start()).isEqualTo(START + TI);
		assertThat(next.active()).containsExactlyInAnyOrder(LEAF1_P1, LEAF1_P2);
		assertThat(next.covered()).containsExactly(LEAF1_P1);
	}

	@Test
	void aCoveredPortOutsideTheActiveSetDoesNotRaiseTheRate() {
		CoverageWindow window = new CoverageWindow(0, TI, Set.of(LEAF1_P1, LEAF1_P2), Set.of(LEAF1_P1, SPINE1_P3));

		assertThat(window.rate()).isEqualTo(0.5);
	}

	@Test
	void closedWindowsAreImmutableSnapshots() {
		this.windows.carried(LEAF1_P1, START);
		CoverageWindow window = this.windows.closeUntil(START + TI).get(0);

		this.windows.carried(LEAF1_P2, START + TI);

		assertThat(window.active()).containsExactly(LEAF1_P1);
		assertThatThrownBy(() -> window.active().add(LEAF1_P2)).isInstanceOf(UnsupportedOperationException.class);
	}

	@Test
	void refusesAWindowThatIsNotPositive() {
		assertThatThrownBy(() -> new CoverageWindows(0, START)).isInstanceOf(IllegalArgumentException.class)
			.hasMessageContaining("windowNanos");
		assertThatThrownBy(() -> new CoverageWindow(10, 10, Set.of(), Set.of()))
			.isInstanceOf(IllegalArgumentException.class);
	}

	@Test
	void startsCountingAtAnyClockOriginIncludingNegativeNanos() {
		CoverageWindows negative = new CoverageWindows(TI, -3 * TI / 2);
		negative.carried(LEAF1_P1, -TI / 4);

		List<CoverageWindow> closed = negative.closeUntil(TI / 2);

		assertThat(closed).extracting(CoverageWindow::start).containsExactly(-3 * TI / 2, -TI / 2);
		assertThat(closed.get(1).active()).containsExactly(LEAF1_P1);
	}

}
