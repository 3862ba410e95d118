package io.sonde.collectorfleet.internal;

import java.math.BigInteger;
import java.util.List;

import io.sonde.collectorfleet.ThresholdDefault;
import io.sonde.ingest.CollectorMetric;

/**
 * Sonde's default T(m), one per Table I metric, chosen so the demo's steady traffic (an
 * emulated FatTree(4), 16 flows of 200 packets/s) makes no events once its keys are
 * known, while a queue building up still does. Measured by replaying the emulator's
 * reports through {@link io.sonde.javacollector.IntCollectorDetector} at candidate values
 * (docs/OPERATIONS.md, "Thresholds", has the figures).
 */
final class DefaultThresholds {

	static final List<ThresholdDefault> ALL = List.of(
			of(CollectorMetric.FLOW_PATH, 0, "switch ids", "not compared: a flow's path fires on any change"),
			of(CollectorMetric.FLOW_LATENCY, 20, "the switches' time unit (µs with sonde.p4 as BMv2 counts)",
					"the sum of up to five hops' jitter: the demo's values move by up to 6 µs (12 events/s at 0), "
							+ "at twenty times its load by up to 15 µs; none fire at 20"),
			of(CollectorMetric.HOP_LATENCY, 10, "the switches' time unit (µs with sonde.p4 as BMv2 counts)",
					"the demo's hop latency moves by up to 6 µs, one or two 500-byte frames waiting at 1 Gb/s "
							+ "(16 events/s at 0, 0.1 at 5, none from 8); 0.2 events/s at twenty times its load. "
							+ "On switches counting nanoseconds use the paper's 40 (Fig. 9)"),
			of(CollectorMetric.QUEUE_OCCUPANCY, 2, "packets",
					"queues of steady traffic move by one packet (80 events/s at 0 at twenty times the demo's load, "
							+ "none at 1 or 2); a queue growing by three packets or more fires"),
			of(CollectorMetric.QUEUE_CONGESTION, 0, "congestion status",
					"a status, not a level: every change of it is news (INT v0.5 only; sonde.p4 does not report it)"),
			of(CollectorMetric.LINK_UTILIZATION, 10, "the switch's utilization unit",
					"ignores fluctuations of a few units, as the paper asks of small changes; sonde.p4 reports no "
							+ "utilization, so the demo has none to measure"));

	private DefaultThresholds() {
	}

	private static ThresholdDefault of(CollectorMetric metric, long value, String unit, String reason) {
		return new ThresholdDefault(metric.wireName(), BigInteger.valueOf(value), unit, reason);
	}

	static BigInteger of(String metric) {
		return ALL.stream()
			.filter((entry) -> entry.metric().equals(metric))
			.map(ThresholdDefault::value)
			.findFirst()
			.orElse(BigInteger.ZERO);
	}

}
