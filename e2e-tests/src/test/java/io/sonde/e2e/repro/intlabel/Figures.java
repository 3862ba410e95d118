package io.sonde.e2e.repro.intlabel;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.ToDoubleFunction;

import io.sonde.labeling.LabelingMode;
import io.sonde.labeling.LabelingParameters;
import io.sonde.labeling.ProbabilityFunction;

/**
 * The paper's figures (§6.2) this repro draws, and the runs they need: every setting
 * once, however many figures read it (Fig. 7, 8, 9 and 10 are four views of the same Base
 * A/B sweep).
 * <ul>
 * <li>Figs. 7 and 8: packets with INT data and labeling times per 10,000 packets, Base A
 * and B, T = 10..100 ms;
 * <li>Fig. 9: coverage against Ti / T, and Fig. 10: coverage and bandwidth occupation
 * against T, Ti = 100 ms;
 * <li>Fig. 12: coverage of Base A, B and Pro (k = 1, and the backend's default 3) for T =
 * 60..150 ms, around Ti = 100 ms;
 * <li>Fig. 13: coverage of A, B and Pro (k = 1 and 3) with 0..60% of the packets lost, T
 * = 50 ms;
 * <li>Fig. 18: Base B's labeled packets and labeling times for rest times T1 = 0..T, T =
 * 50 ms; Fig. 19: the same for f = F1, F2, F3.
 * </ul>
 */
final class Figures {

	/** The paper's default telemetry interval Ti (§6.1), ms. */
	static final int TELEMETRY_INTERVAL_MS = 100;

	/** The paper's default labeling interval T (§6.1), ms. */
	static final int DEFAULT_INTERVAL_MS = 50;

	static final int MAX_HOP = 5;

	/**
	 * k of Pro's aging k * T. The paper gives none. Its Pro (§5) sets a flag that labels
	 * every packet of a stale port; ours halves the port's interval per step (T >> S, the
	 * decisions' Reg2), so it needs to react sooner to catch up: with k = 1 a port is
	 * raised after one interval without an update. Figs. 12 and 13 also draw Pro with the
	 * backend's default k ({@link #DEFAULT_K}).
	 */
	static final int PRO_K = 1;

	/** The backend's default k: Base A and B runs carry it (they do not use it). */
	static final int DEFAULT_K = LabelingParameters.DEFAULTS.k();

	static final List<Integer> INTERVALS_MS = List.of(10, 20, 30, 40, 50, 60, 70, 80, 90, 100);

	static final List<Integer> PRO_INTERVALS_MS = List.of(60, 70, 80, 90, 100, 110, 120, 130, 140, 150);

	static final List<Double> LOSSES = List.of(0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6);

	static final List<Integer> REST_TENTHS = List.of(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10);

	private static final String PRO_DEFAULT_K_TITLE = "Pro (k = " + DEFAULT_K + ")";

	private static final List<LabelingMode> BASES = List.of(LabelingMode.A, LabelingMode.B);

	private static final List<LabelingMode> ALL_MODES = List.of(LabelingMode.A, LabelingMode.B, LabelingMode.PRO);

	private Figures() {
	}

	static RunSetting setting(LabelingMode mode, int intervalMs, int restMs, ProbabilityFunction f, double loss) {
		return setting(mode, intervalMs, restMs, f, loss, (mode == LabelingMode.PRO) ? PRO_K : DEFAULT_K);
	}

	static RunSetting setting(LabelingMode mode, int intervalMs, int restMs, ProbabilityFunction f, double loss,
			int k) {
		return new RunSetting(new LabelingParameters(mode, intervalMs, restMs, k, f, MAX_HOP, TELEMETRY_INTERVAL_MS),
				loss);
	}

	/** Pro with the backend's default k, at T = {@code intervalMs}, no rest, F1. */
	static RunSetting proWithDefaultK(int intervalMs, double loss) {
		return setting(LabelingMode.PRO, intervalMs, 0, ProbabilityFunction.F1, loss, DEFAULT_K);
	}

	static RunSetting sweep(LabelingMode mode, int intervalMs) {
		return setting(mode, intervalMs, 0, ProbabilityFunction.F1, 0);
	}

	/** Every setting the figures read, each once, in the order they run. */
	static List<RunSetting> plan() {
		Set<RunSetting> plan = new LinkedHashSet<>();
		for (int interval : INTERVALS_MS) {
			BASES.forEach((mode) -> plan.add(sweep(mode, interval)));
		}
		for (int interval : PRO_INTERVALS_MS) {
			ALL_MODES.forEach((mode) -> plan.add(sweep(mode, interval)));
			plan.add(proWithDefaultK(interval, 0));
		}
		for (double loss : LOSSES) {
			ALL_MODES.forEach((mode) -> plan.add(setting(mode, DEFAULT_INTERVAL_MS, 0, ProbabilityFunction.F1, loss)));
			plan.add(proWithDefaultK(DEFAULT_INTERVAL_MS, loss));
		}
		for (int tenths : REST_TENTHS) {
			plan.add(rest(tenths));
		}
		for (ProbabilityFunction f : ProbabilityFunction.values()) {
			plan.add(setting(LabelingMode.B, DEFAULT_INTERVAL_MS, 0, f, 0));
		}
		return List.copyOf(plan);
	}

	static RunSetting rest(int tenths) {
		return setting(LabelingMode.B, DEFAULT_INTERVAL_MS, DEFAULT_INTERVAL_MS * tenths / 10, ProbabilityFunction.F1,
				0);
	}

	static List<Chart> charts(ReproResults results) {
		List<Chart> charts = new ArrayList<>();
		charts.add(new Chart("fig7_labeled_packets", "Fig. 7: packets with INT data per 10,000 packets",
				"labeling interval T (ms)", "packets with INT data",
				basesOver(results, RunResult::labeledPerPaperPackets)));
		charts.add(new Chart("fig8_labeling_times", "Fig. 8: data-plane labeling times per 10,000 packets",
				"labeling interval T (ms)", "labeling times",
				basesOver(results, RunResult::labelingTimesPerPaperPackets)));
		List<Chart.Line> ratio = new ArrayList<>();
		for (LabelingMode mode : BASES) {
			List<Chart.Point> points = new ArrayList<>();
			for (int i = INTERVALS_MS.size() - 1; i >= 0; i--) {
				int interval = INTERVALS_MS.get(i);
				points.add(results.point((double) TELEMETRY_INTERVAL_MS / interval, sweep(mode, interval),
						Figures::coveragePercent));
			}
			ratio.add(new Chart.Line(title(mode), points));
		}
		charts.add(new Chart("fig9_coverage_vs_ratio", "Fig. 9: coverage against Ti / T, Ti = 100 ms",
				"telemetry interval / labeling interval", "coverage (%)", ratio));
		charts.add(new Chart("fig10_coverage_vs_interval", "Fig. 10: coverage against T, Ti = 100 ms",
				"labeling interval T (ms)", "coverage (%)", basesOver(results, Figures::coveragePercent)));
		charts.add(new Chart("fig10_bandwidth_vs_interval", "Fig. 10: INT bandwidth occupation against T",
				"labeling interval T (ms)", "INT bytes / transmitted bytes (%)",
				basesOver(results, (run) -> 100 * run.bandwidthOccupation())));
		List<Chart.Line> pro = new ArrayList<>();
		for (LabelingMode mode : ALL_MODES) {
			pro.add(new Chart.Line(title(mode),
					PRO_INTERVALS_MS.stream()
						.map((interval) -> results.point(interval, sweep(mode, interval), Figures::coveragePercent))
						.toList()));
		}
		pro.add(new Chart.Line(PRO_DEFAULT_K_TITLE,
				PRO_INTERVALS_MS.stream()
					.map((interval) -> results.point(interval, proWithDefaultK(interval, 0), Figures::coveragePercent))
					.toList()));
		charts.add(new Chart("fig12_pro_vs_interval", "Fig. 12: coverage of Base A/B and Pro, Ti = 100 ms",
				"labeling interval T (ms)", "coverage (%)", pro));
		List<Chart.Line> loss = new ArrayList<>();
		for (LabelingMode mode : ALL_MODES) {
			loss.add(new Chart.Line(title(mode), LOSSES.stream()
				.map((p) -> results.point(100 * p, setting(mode, DEFAULT_INTERVAL_MS, 0, ProbabilityFunction.F1, p),
						Figures::coveragePercent))
				.toList()));
		}
		loss.add(new Chart.Line(PRO_DEFAULT_K_TITLE, LOSSES.stream()
			.map((p) -> results.point(100 * p, proWithDefaultK(DEFAULT_INTERVAL_MS, p), Figures::coveragePercent))
			.toList()));
		charts.add(new Chart("fig13_coverage_vs_loss", "Fig. 13: coverage under packet loss, T = 50 ms, Ti = 100 ms",
				"packets lost end to end (%, target)", "coverage (%)", loss));
		charts.add(new Chart("fig18_rest_time", "Fig. 18: Base B with rest time T1, T = 50 ms", "T1 / T",
				"per 10,000 packets", List.of(
						new Chart.Line("packets with INT data",
								REST_TENTHS.stream()
									.map((t) -> results.point(t / 10.0, rest(t), RunResult::labeledPerPaperPackets))
									.toList()),
						new Chart.Line("labeling times", REST_TENTHS.stream()
							.map((t) -> results.point(t / 10.0, rest(t), RunResult::labelingTimesPerPaperPackets))
							.toList()))));
		List<Chart.Point> exported = new ArrayList<>();
		List<Chart.Point> labeling = new ArrayList<>();
		for (ProbabilityFunction f : ProbabilityFunction.values()) {
			RunSetting setting = setting(LabelingMode.B, DEFAULT_INTERVAL_MS, 0, f, 0);
			exported.add(results.point(f.ordinal() + 1, setting, RunResult::labeledPerPaperPackets));
			labeling.add(results.point(f.ordinal() + 1, setting, RunResult::labelingTimesPerPaperPackets));
		}
		charts.add(new Chart("fig19_probability", "Fig. 19: Base B with f = F1, F2, F3, T = 50 ms",
				"probability function", "per 10,000 packets",
				List.of(new Chart.Line("packets with INT data", exported), new Chart.Line("labeling times", labeling)),
				Map.of(1.0, "F1", 2.0, "F2", 3.0, "F3")));
		return charts;
	}

	static double coveragePercent(RunResult run) {
		return 100 * run.coverage();
	}

	private static List<Chart.Line> basesOver(ReproResults results, ToDoubleFunction<RunResult> metric) {
		List<Chart.Line> lines = new ArrayList<>();
		for (LabelingMode mode : BASES) {
			lines.add(new Chart.Line(title(mode),
					INTERVALS_MS.stream()
						.map((interval) -> results.point(interval, sweep(mode, interval), metric))
						.toList()));
		}
		return lines;
	}

	static String title(LabelingMode mode) {
		return switch (mode) {
			case A -> "Base A";
			case B -> "Base B";
			case PRO -> "Pro (k = " + PRO_K + ")";
		};
	}

}
