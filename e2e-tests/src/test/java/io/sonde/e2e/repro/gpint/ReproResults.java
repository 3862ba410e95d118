package io.sonde.e2e.repro.gpint;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;

import io.sonde.e2e.repro.gpint.Figures.Series;

/**
 * Every scenario run of the experiment, and the panels' cells computed from them: one
 * value per repetition, averaged with a 95% confidence interval.
 */
final class ReproResults {

	private final List<ScenarioRun> runs = new ArrayList<>();

	void add(ScenarioRun run) {
		this.runs.add(run);
	}

	List<ScenarioRun> runs() {
		return List.copyOf(this.runs);
	}

	/** Network sizes with results, ascending. */
	List<Integer> sizes() {
		return List.copyOf(new TreeSet<>(this.runs.stream().map(ScenarioRun::switches).toList()));
	}

	/** The cell of one series at one size, or empty when nothing ran there. */
	Optional<StudentT.Interval> cell(int switches, Series series, Metric metric) {
		List<Double> values = new ArrayList<>();
		for (ScenarioRun run : this.runs) {
			if (run.switches() == switches && run.scenario().equals(series.scenario())
					&& (metric.ofBackground() || run.sessions().containsKey(series.method()))) {
				values.add(metric.of(run, series.method()));
			}
		}
		return values.isEmpty() ? Optional.empty() : Optional.of(StudentT.of(values));
	}

	/** Every session of one method in one scenario at one size, all repetitions. */
	List<SessionResult> sessions(int switches, Scenario scenario, Method method) {
		List<SessionResult> sessions = new ArrayList<>();
		for (ScenarioRun run : this.runs) {
			if (run.switches() == switches && run.scenario().equals(scenario)) {
				sessions.addAll(run.sessions().getOrDefault(method, List.of()));
			}
		}
		return sessions;
	}

}
