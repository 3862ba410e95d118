package io.sonde.e2e.repro.prefilter;

import java.util.List;

/**
 * Every run of one traffic shape: noop first, then each filtering setting.
 *
 * @param shape the traffic shape
 * @param noop the run without filtering, the baseline of every gain
 * @param filtered the runs of the filtering algorithms, in sweep order
 */
record ShapeResults(WorkloadShape shape, RunResult noop, List<RunResult> filtered) {

	ShapeResults {
		filtered = List.copyOf(filtered);
	}

	/** One algorithm's runs, in threshold order. */
	List<RunResult> of(FilterSetting.Algorithm algorithm) {
		return this.filtered.stream().filter((run) -> run.setting().algorithm() == algorithm).toList();
	}

	BestGain.Pick best(FilterSetting.Algorithm algorithm) {
		return BestGain.pick(this.noop, of(algorithm));
	}

}
