package io.sonde.emulator.traffic;

import java.util.SplittableRandom;

/**
 * Packets at a fixed rate, starting at the flow's start. Packet n is sent at
 * {@code floor(n * 1e9 / rate)} ns, so rounding to whole nanoseconds never drifts the
 * rate.
 */
public record ConstantRate(double packetsPerSecond) implements ArrivalModel {

	public ConstantRate {
		if (!(packetsPerSecond > 0) || Double.isInfinite(packetsPerSecond)) {
			throw new IllegalArgumentException("a packet rate must be positive and finite: " + packetsPerSecond);
		}
	}

	@Override
	public ArrivalProcess newProcess() {
		double period = 1e9 / this.packetsPerSecond;
		return new ArrivalProcess() {

			private long sent;

			@Override
			public long firstDelayNanos(SplittableRandom random) {
				this.sent = 1;
				return 0;
			}

			@Override
			public long nextGapNanos(SplittableRandom random) {
				long previous = (long) ((this.sent - 1) * period);
				long next = (long) (this.sent * period);
				this.sent++;
				return next - previous;
			}

		};
	}

	@Override
	public double meanPacketsPerSecond() {
		return this.packetsPerSecond;
	}

}
