package io.sonde.e2e.repro.gpint;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import io.sonde.e2e.repro.gpint.Figures.Panel;
import io.sonde.e2e.repro.gpint.Figures.Series;

/**
 * The tables: {@code <panel>.csv} for each panel (a row per network size and series:
 * mean, half-width of the 95% confidence interval, repetitions), {@code sessions.csv}
 * (every session) and {@code background.csv} (every scenario run's background).
 */
final class GpintCsv {

	static final String PANEL_HEADER = "switches,series,load,link_loss,recovery,method,metric,mean,ci95,repetitions";

	static final String SESSION_HEADER = "switches,repetition,load,link_loss,recovery,method,session,latency_s,"
			+ "initial_probes,probes_sent,probes_lost,recovery_probes,complete";

	static final String BACKGROUND_HEADER = "switches,repetition,load,link_loss,recovery,seconds,sent,loss_pct,"
			+ "mean_utilization_pct,max_utilization_pct";

	private GpintCsv() {
	}

	static void write(Path directory, List<Panel> panels, ReproResults results) throws IOException {
		for (Panel panel : panels) {
			Files.write(directory.resolve(panel.id() + ".csv"), panelRows(panel, results), StandardCharsets.UTF_8);
		}
		List<String> sessions = new ArrayList<>();
		sessions.add(SESSION_HEADER);
		List<String> background = new ArrayList<>();
		background.add(BACKGROUND_HEADER);
		for (ScenarioRun run : results.runs()) {
			Scenario scenario = run.scenario();
			String prefix = String.format(Locale.ROOT, "%d,%d,%s,%.2f,%b", run.switches(), run.repetition(),
					scenario.load().label(), scenario.linkLoss(), scenario.recovery());
			background.add(String.format(Locale.ROOT, "%s,%.3f,%d,%.3f,%.2f,%.2f", prefix, run.background().seconds(),
					run.background().sent(), run.background().lossPercent(), run.background().meanUtilizationPercent(),
					run.background().maxUtilizationPercent()));
			for (Method method : Method.values()) {
				List<SessionResult> list = run.sessions().getOrDefault(method, List.of());
				for (int i = 0; i < list.size(); i++) {
					SessionResult session = list.get(i);
					sessions.add(String.format(Locale.ROOT, "%s,%s,%d,%.6f,%d,%d,%d,%d,%b", prefix, method.label(), i,
							session.latencySeconds(), session.initialProbes(), session.probesSent(),
							session.probesLost(), session.recoveryProbes(), session.complete()));
				}
			}
		}
		Files.write(directory.resolve("sessions.csv"), sessions, StandardCharsets.UTF_8);
		Files.write(directory.resolve("background.csv"), background, StandardCharsets.UTF_8);
	}

	static List<String> panelRows(Panel panel, ReproResults results) {
		List<String> rows = new ArrayList<>();
		rows.add(PANEL_HEADER);
		for (int size : results.sizes()) {
			for (Series series : panel.series()) {
				Optional<StudentT.Interval> cell = results.cell(size, series, panel.metric());
				if (cell.isEmpty()) {
					continue;
				}
				Scenario scenario = series.scenario();
				rows.add(String.format(Locale.ROOT, "%d,%s,%s,%.2f,%b,%s,%s,%.4f,%.4f,%d", size, series.label(),
						scenario.load().label(), scenario.linkLoss(), scenario.recovery(),
						(series.method() != null) ? series.method().label() : "background", panel.metric().column(),
						cell.get().mean(), cell.get().halfWidth(), cell.get().n()));
			}
		}
		return rows;
	}

}
