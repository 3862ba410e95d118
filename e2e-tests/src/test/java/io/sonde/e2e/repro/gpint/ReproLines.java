package io.sonde.e2e.repro.gpint;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

/**
 * The issue's {@code REPRO} lines from the results. "High load" and "100 switches" read
 * the largest network run (100 in both profiles; a smaller custom run names its size in
 * the key), where the paper's figures differ most; sessions completed at 20% link loss
 * pool every size.
 * <ul>
 * <li>{@code gpint_failed_probes_pct_high_load_<method>}: Fig. 9(b), lost over sent;
 * <li>{@code gpint_sessions_completed_pct_with_recovery_loss20}: GPINT-3, high load,
 * recovery on, links dropping 20%;
 * <li>{@code gpint3_probes_<n>sw}: |P| of GPINT-3, the probes of its plan;
 * <li>{@code gpint3_probes_<n>sw_recovery_loss
 *
<p>
 * }: probes GPINT-3 sent per session, recovery included, high load, links dropping p%;
 * <li>{@code gpint3_vs_polling_latency_ratio_<n>sw}: Fig. 10(a), GPINT-3's mean
 * collection latency over polling's, low load, recovery off.
 * </ul>
 */
final class ReproLines {

	private ReproLines() {
	}

	static List<String> of(ReproResults results) {
		List<Integer> sizes = results.sizes();
		int largest = sizes.get(sizes.size() - 1);
		Scenario highOff = new Scenario(Load.HIGH, 0, false);
		Scenario lowOff = new Scenario(Load.LOW, 0, false);
		List<String> lines = new ArrayList<>();
		lines.add(line("gpint_failed_probes_pct_high_load_gpint3",
				failedProbes(results.sessions(largest, highOff, Method.GPINT_3))));
		lines.add(line("gpint_failed_probes_pct_high_load_euler",
				failedProbes(results.sessions(largest, highOff, Method.EULER))));
		List<SessionResult> loss20 = new ArrayList<>();
		for (int size : sizes) {
			loss20.addAll(results.sessions(size, new Scenario(Load.HIGH, 0.20, true), Method.GPINT_3));
		}
		lines.add(line("gpint_sessions_completed_pct_with_recovery_loss20",
				100.0 * loss20.stream().filter(SessionResult::complete).count() / loss20.size()));
		lines.add(line("gpint3_probes_" + largest + "sw",
				mean(results.sessions(largest, lowOff, Method.GPINT_3), SessionResult::initialProbes)));
		for (double loss : new double[] { 0.05, 0.20 }) {
			lines.add(line("gpint3_probes_" + largest + "sw_recovery_loss" + Math.round(loss * 100),
					mean(results.sessions(largest, new Scenario(Load.HIGH, loss, true), Method.GPINT_3),
							SessionResult::probesSent)));
		}
		double gpint = mean(results.sessions(largest, lowOff, Method.GPINT_3), SessionResult::latencySeconds);
		double polling = mean(results.sessions(largest, lowOff, Method.POLLING), SessionResult::latencySeconds);
		lines.add(line("gpint3_vs_polling_latency_ratio_" + largest + "sw", gpint / polling));
		return lines;
	}

	private static double failedProbes(List<SessionResult> sessions) {
		double lost = sessions.stream().mapToDouble(SessionResult::probesLost).sum();
		double sent = sessions.stream().mapToDouble(SessionResult::probesSent).sum();
		return 100 * lost / sent;
	}

	private static double mean(List<SessionResult> sessions, ToDoubleFunction<SessionResult> f) {
		return sessions.stream().mapToDouble(f).average().orElse(Double.NaN);
	}

	private static String line(String key, double value) {
		return String.format(Locale.ROOT, "REPRO %s %.2f", key, value);
	}

}
