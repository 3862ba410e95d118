package io.sonde.emulator.pipeline;

import java.util.Objects;

import io.sonde.p4programs.codec.ReportFormat;

/**
 * How an emulated sonde.p4 switch presents what it measures.
 *
 * @param reportFormat the telemetry report format (TR-2.0 is what sonde.p4 builds; TR-1.0
 * and TR-0.5 feed older collectors)
 * @param nanosPerTick nanoseconds per tick of the switch's 48-bit clock, the unit of INT
 * timestamps and hop latency: 1000 gives BMv2's microseconds (the default, as sonde.p4's
 * README states), 1 gives nanoseconds
 * @param startNanos emulated time the switch's clock counts from (BMv2 counts from the
 * switch's start)
 * @param randomSeed the root seed of the switch's random stream (INT-label Base B's
 * draws), named after the switch as {@link io.sonde.emulator.sim.RandomStreams} names
 * every component's
 */
public record SondeSwitchOptions(ReportFormat reportFormat, long nanosPerTick, long startNanos, long randomSeed) {

	/** TR-2.0, microseconds, counted from emulated time 0, seed 0. */
	public static final SondeSwitchOptions DEFAULTS = new SondeSwitchOptions(ReportFormat.TR2_0, 1_000, 0, 0);

	public SondeSwitchOptions {
		Objects.requireNonNull(reportFormat, "reportFormat");
		if (nanosPerTick <= 0) {
			throw new IllegalArgumentException("a clock tick must last at least 1 ns: " + nanosPerTick);
		}
	}

	public SondeSwitchOptions withReportFormat(ReportFormat format) {
		return new SondeSwitchOptions(format, this.nanosPerTick, this.startNanos, this.randomSeed);
	}

	public SondeSwitchOptions withNanosPerTick(long nanos) {
		return new SondeSwitchOptions(this.reportFormat, nanos, this.startNanos, this.randomSeed);
	}

	public SondeSwitchOptions withRandomSeed(long seed) {
		return new SondeSwitchOptions(this.reportFormat, this.nanosPerTick, this.startNanos, seed);
	}

	/** The switch clock's reading at an emulated time, 48 bits as v1model keeps it. */
	long ticks(long emulatedNanos) {
		return Math.floorDiv(emulatedNanos - this.startNanos, this.nanosPerTick) & IntWire.TIMESTAMP_MASK;
	}

}
