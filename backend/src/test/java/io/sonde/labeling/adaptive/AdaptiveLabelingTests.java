package io.sonde.labeling.adaptive;

import org.junit.jupiter.api.Test;

import io.sonde.labeling.PortKey;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Algorithm 3 per port: raise when stale, at most once per k * T, back down after
 * recovery.
 */
class AdaptiveLabelingTests {

	private static final long AGING = 150;

	private static final long NEVER = Long.MIN_VALUE;

	private final PortKey port = new PortKey("leaf-1", 3);

	private final AdaptiveLabeling adaptive = new AdaptiveLabeling(AGING, 15);

	@Test
	void firstStepOnlyStartsTheClockAsLineOneDoes() {
		assertThat(this.adaptive.step(this.port, 1_000, NEVER)).isZero();
		assertThat(this.adaptive.step(this.port, 1_000 + AGING, NEVER)).isZero();
		assertThat(this.adaptive.step(this.port, 1_000 + AGING + 1, NEVER)).isEqualTo(1);
	}

	@Test
	void raisesAStalePortOncePerAgingPeriod() {
		this.adaptive.step(this.port, 0, NEVER);
		assertThat(this.adaptive.step(this.port, 151, 0)).isEqualTo(1);
		for (long now = 152; now <= 301; now += 10) {
			assertThat(this.adaptive.step(this.port, now, 0)).as("at %d", now).isEqualTo(1);
		}
		assertThat(this.adaptive.step(this.port, 302, 0)).isEqualTo(2);
		assertThat(this.adaptive.shift(this.port)).isEqualTo(2);
	}

	@Test
	void comesDownOneStepPerAgingPeriodAfterRecovery() {
		this.adaptive.restore(this.port, 3, 0);
		long lastUpdate = 200;
		assertThat(this.adaptive.step(this.port, 210, lastUpdate)).isEqualTo(2);
		assertThat(this.adaptive.step(this.port, 300, lastUpdate)).isEqualTo(2);
		assertThat(this.adaptive.step(this.port, 361, 340)).isEqualTo(1);
		assertThat(this.adaptive.step(this.port, 512, 500)).isZero();
		assertThat(this.adaptive.step(this.port, 700, 690)).isZero();
	}

	@Test
	void neverGoesBelowZeroAndAFreshPortKeepsItsClock() {
		this.adaptive.step(this.port, 0, NEVER);
		assertThat(this.adaptive.step(this.port, 200, 190)).isZero();
		// LRT stayed at 0: the port turning stale is judged at once, not k * T later
		assertThat(this.adaptive.step(this.port, 400, 190)).isEqualTo(1);
	}

	@Test
	void neverGoesAboveTheMaximum() {
		AdaptiveLabeling capped = new AdaptiveLabeling(AGING, 2);
		capped.step(this.port, 0, NEVER);
		int shift = 0;
		for (long now = 151; now < 10_000; now += 151) {
			shift = capped.step(this.port, now, NEVER);
		}
		assertThat(shift).isEqualTo(2);
		capped.restore(this.port, 40, 0);
		assertThat(capped.shift(this.port)).isEqualTo(2);
	}

	@Test
	void keepsEachPortApart() {
		PortKey other = new PortKey("leaf-1", 4);
		this.adaptive.step(this.port, 0, NEVER);
		this.adaptive.step(other, 0, NEVER);
		assertThat(this.adaptive.step(this.port, 151, NEVER)).isEqualTo(1);
		assertThat(this.adaptive.step(other, 151, 100)).isZero();
		assertThat(this.adaptive.shift(other)).isZero();
		this.adaptive.forget(this.port);
		assertThat(this.adaptive.shift(this.port)).isZero();
	}

	@Test
	void handlesTimesFarApartWithoutOverflow() {
		this.adaptive.restore(this.port, 0, Long.MIN_VALUE + 1);
		assertThat(this.adaptive.step(this.port, Long.MAX_VALUE - 1, NEVER)).isEqualTo(1);
		this.adaptive.restore(this.port, 1, Long.MIN_VALUE + 1);
		assertThat(this.adaptive.step(this.port, Long.MAX_VALUE - 1, Long.MAX_VALUE - 2)).isZero();
	}

	@Test
	void rejectsANonPositiveAgingPeriod() {
		assertThatIllegalArgumentException().isThrownBy(() -> new AdaptiveLabeling(0, 15));
		assertThatIllegalArgumentException().isThrownBy(() -> new AdaptiveLabeling(AGING, -1));
	}

}
