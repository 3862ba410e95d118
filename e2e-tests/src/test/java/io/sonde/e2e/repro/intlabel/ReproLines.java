package io.sonde.e2e.repro.intlabel;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import io.sonde.labeling.LabelingMode;
import io.sonde.labeling.ProbabilityFunction;

/**
 * The issue's {@code REPRO} lines, means over the repetitions. Coverage is in percent
 * (the paper's 99.72% reads as 99.72); the labeled-packet ratio is a plain ratio (the
 * paper's "35.2% fewer" reads as 0.648).
 * <ul>
 * <li>{@code intlabel_coverage_A_T50_Ti100}, {@code intlabel_coverage_B_T50_Ti100}:
 * coverage at T = 50 ms, Ti = 100 ms, no loss;
 * <li>{@code intlabel_coverage_pro_loss60}: Pro (k = {@value Figures#PRO_K}) at T = 50 ms
 * with 60% of the packets lost ({@link #notes} gives the backend's default k's next to
 * it);
 * <li>{@code intlabel_labeled_B_over_A_T100}: Base B's packets with INT data over Base
 * A's at T = 100 ms;
 * <li>{@code intlabel_coverage_A_T<ms>}, {@code intlabel_coverage_B_T<ms>}: coverage for
 * T = 10..100 ms at Ti = 100 ms.
 * </ul>
 */
final class ReproLines {

	private ReproLines() {
	}

	static List<String> of(ReproResults results) {
		List<String> lines = new ArrayList<>();
		int t = Figures.DEFAULT_INTERVAL_MS;
		int ti = Figures.TELEMETRY_INTERVAL_MS;
		for (LabelingMode mode : List.of(LabelingMode.A, LabelingMode.B)) {
			lines.add(line("intlabel_coverage_" + mode + "_T" + t + "_Ti" + ti,
					results.mean(Figures.sweep(mode, t), Figures::coveragePercent), 2));
		}
		lines.add(line("intlabel_coverage_pro_loss60", results
			.mean(Figures.setting(LabelingMode.PRO, t, 0, ProbabilityFunction.F1, 0.6), Figures::coveragePercent), 2));
		double a = results.mean(Figures.sweep(LabelingMode.A, 100), RunResult::labeledPerPaperPackets);
		double b = results.mean(Figures.sweep(LabelingMode.B, 100), RunResult::labeledPerPaperPackets);
		lines.add(line("intlabel_labeled_B_over_A_T100", b / a, 3));
		for (LabelingMode mode : List.of(LabelingMode.A, LabelingMode.B)) {
			for (int interval : Figures.INTERVALS_MS) {
				lines.add(line("intlabel_coverage_" + mode + "_T" + interval,
						results.mean(Figures.sweep(mode, interval), Figures::coveragePercent), 2));
			}
		}
		return lines;
	}

	/**
	 * {@code REPRO_INFO} lines that put the {@code REPRO} lines in context: Pro with the
	 * backend's default k at 60% loss, and the loss the links really made.
	 */
	static List<String> notes(ReproResults results) {
		int t = Figures.DEFAULT_INTERVAL_MS;
		RunSetting pro = Figures.setting(LabelingMode.PRO, t, 0, ProbabilityFunction.F1, 0.6);
		return List.of(String.format(Locale.ROOT,
				"REPRO_INFO at 60%% loss (measured %.1f%%): Pro k=%d %.2f%%, Pro k=%d %.2f%%, Base A %.2f%%, "
						+ "Base B %.2f%%",
				100 * results.mean(pro, RunResult::measuredLoss), Figures.PRO_K,
				results.mean(pro, Figures::coveragePercent), Figures.DEFAULT_K,
				results.mean(Figures.proWithDefaultK(t, 0.6), Figures::coveragePercent),
				results.mean(Figures.setting(LabelingMode.A, t, 0, ProbabilityFunction.F1, 0.6),
						Figures::coveragePercent),
				results.mean(Figures.setting(LabelingMode.B, t, 0, ProbabilityFunction.F1, 0.6),
						Figures::coveragePercent)));
	}

	private static String line(String key, double value, int decimals) {
		return String.format(Locale.ROOT, "REPRO %s %." + decimals + "f", key, value);
	}

}
