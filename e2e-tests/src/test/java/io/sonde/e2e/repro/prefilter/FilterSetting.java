package io.sonde.e2e.repro.prefilter;

import java.util.ArrayList;
import java.util.List;

import io.sonde.emulator.provision.EventFilterSpec;
import io.sonde.p4programs.SondePipeline.EventAlgorithm;
import io.sonde.p4programs.SondePipeline.EventMetric;

/**
 * One configuration of the sink's pre-filter for the flow: {@code fast_detection} with an
 * algorithm watching hop latency (queue build-up, as the paper's thresholds are "queue
 * occupancy specified in microseconds") and a threshold. Noop is the paper's threshold 0:
 * no filtering, every packet reported.
 *
 * @param algorithm the detection algorithm
 * @param thresholdMicros the change that makes an event, in microseconds (0 for noop)
 */
record FilterSetting(Algorithm algorithm, long thresholdMicros) {

	/**
	 * Weight of a new sample in the moving average, in 1/256: a quarter, so a burst moves
	 * the average by about three quarters of its build-up after five packets.
	 */
	static final int EMA_WEIGHT = 64;

	static final FilterSetting NOOP = new FilterSetting(Algorithm.NOOP, 0);

	FilterSetting {
		if ((algorithm == Algorithm.NOOP) != (thresholdMicros == 0) || thresholdMicros < 0) {
			throw new IllegalArgumentException("noop has threshold 0 and every other algorithm a positive one: "
					+ algorithm + " " + thresholdMicros);
		}
	}

	/** Noop, then every filtering algorithm at every threshold. */
	static List<FilterSetting> sweep(List<Long> thresholdsMicros) {
		List<FilterSetting> settings = new ArrayList<>();
		settings.add(NOOP);
		for (Algorithm algorithm : Algorithm.FILTERING) {
			for (long threshold : thresholdsMicros) {
				settings.add(new FilterSetting(algorithm, threshold));
			}
		}
		return settings;
	}

	/** The threshold in the switches' ticks, which the run sets to 1 ns. */
	long thresholdNanos() {
		return this.thresholdMicros * 1_000;
	}

	/** What the emulator's controller writes into {@code event_filter_flows}. */
	EventFilterSpec spec() {
		return new EventFilterSpec.FastDetection(this.algorithm.code, EventMetric.HOP_LATENCY, thresholdNanos(),
				(this.algorithm == Algorithm.MOVING_AVERAGE) ? EMA_WEIGHT : 0);
	}

	/** Paper 003's fast-detection algorithms (p4-programs README, "Event pre-filter"). */
	enum Algorithm {

		NOOP("noop", EventAlgorithm.NOOP),

		PER_HOP("per_hop", EventAlgorithm.PER_HOP_CHANGE),

		FLOW_SUM("flow_sum", EventAlgorithm.FLOW_SUM_CHANGE),

		MOVING_AVERAGE("moving_average", EventAlgorithm.MOVING_AVERAGE);

		static final List<Algorithm> FILTERING = List.of(PER_HOP, FLOW_SUM, MOVING_AVERAGE);

		private final String label;

		private final EventAlgorithm code;

		Algorithm(String label, EventAlgorithm code) {
			this.label = label;
			this.code = code;
		}

		/** The name in the REPRO lines and files. */
		String label() {
			return this.label;
		}

	}

}
