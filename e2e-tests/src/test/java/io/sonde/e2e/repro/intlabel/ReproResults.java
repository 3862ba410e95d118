package io.sonde.e2e.repro.intlabel;

import java.util.ArrayList;
import java.util.List;
import java.util.function.ToDoubleFunction;

/** Every run of a repro, looked up by setting. */
final class ReproResults {

	private final List<RunResult> runs = new ArrayList<>();

	void add(RunResult run) {
		this.runs.add(run);
	}

	List<RunResult> runs() {
		return List.copyOf(this.runs);
	}

	/** The repetitions of one setting. */
	List<RunResult> of(RunSetting setting) {
		return this.runs.stream().filter((run) -> run.setting().equals(setting)).toList();
	}

	/**
	 * The mean of {@code metric} over the setting's repetitions (NaN if it never ran).
	 */
	double mean(RunSetting setting, ToDoubleFunction<RunResult> metric) {
		return of(setting).stream().mapToDouble(metric).average().orElse(Double.NaN);
	}

	/**
	 * A chart's point at {@code x}: mean, range and count of the setting's repetitions.
	 */
	Chart.Point point(double x, RunSetting setting, ToDoubleFunction<RunResult> metric) {
		List<RunResult> repetitions = of(setting);
		if (repetitions.isEmpty()) {
			throw new IllegalStateException("no run of " + setting.label());
		}
		double[] values = repetitions.stream().mapToDouble(metric).toArray();
		double min = Double.POSITIVE_INFINITY;
		double max = Double.NEGATIVE_INFINITY;
		double sum = 0;
		for (double value : values) {
			min = Math.min(min, value);
			max = Math.max(max, value);
			sum += value;
		}
		return new Chart.Point(x, sum / values.length, min, max, values.length);
	}

}
