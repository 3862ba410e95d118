package io.sonde.e2e.repro.intlabel;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import io.sonde.labeling.LabelingParameters;

/**
 * The tables: {@code <chart>.csv} per chart (a row per series and x: mean, range,
 * repetitions) and {@code runs.csv} (every run with everything it measured).
 */
final class LabelCsv {

	static final String CHART_HEADER = "series,x,x_label,mean,min,max,repetitions";

	static final String RUN_HEADER = "mode,interval_ms,rest_ms,probability,k,max_hop,telemetry_interval_ms,"
			+ "loss_target,repetition,seconds,coverage,windows,mean_active_ports,ports_carried,sent,received,measured_loss,"
			+ "link_loss,exports,items,applied,malformed,labeled_per_10000,labeling_times_per_10000,bandwidth_occupation,"
			+ "shift_raises,max_shift";

	private LabelCsv() {
	}

	static void write(Path directory, List<Chart> charts, ReproResults results) throws IOException {
		for (Chart chart : charts) {
			Files.write(directory.resolve(chart.id() + ".csv"), chartRows(chart), StandardCharsets.UTF_8);
		}
		Files.write(directory.resolve("runs.csv"), runRows(results), StandardCharsets.UTF_8);
	}

	static List<String> chartRows(Chart chart) {
		List<String> rows = new ArrayList<>();
		rows.add(CHART_HEADER);
		for (Chart.Line line : chart.series()) {
			for (Chart.Point point : line.points()) {
				rows.add(String.format(Locale.ROOT, "%s,%.4f,%s,%.4f,%.4f,%.4f,%d", line.label(), point.x(),
						chart.xLabels().getOrDefault(point.x(), ""), point.y(), point.min(), point.max(), point.n()));
			}
		}
		return rows;
	}

	static List<String> runRows(ReproResults results) {
		List<String> rows = new ArrayList<>();
		rows.add(RUN_HEADER);
		for (RunResult run : results.runs()) {
			LabelingParameters p = run.setting().labeling();
			rows.add(String.format(Locale.ROOT,
					"%s,%d,%d,%s,%d,%d,%d,%.2f,%d,%.3f,%.6f,%d,%.2f,%d,%d,%d,%.4f,%.6f,%d,%d,%d,%d,%.1f,%.1f,%.6f,%d,%d",
					p.mode(), p.intervalMs(), p.restMs(), p.probability(), p.k(), p.maxHop(), p.telemetryIntervalMs(),
					run.setting().lossTarget(), run.repetition(), run.seconds(), run.coverage(), run.windows(),
					run.meanActivePorts(), run.portsCarried(), run.sent(), run.received(), run.measuredLoss(),
					run.linkLoss(), run.exports(), run.items(), run.applied(), run.malformed(),
					run.labeledPerPaperPackets(), run.labelingTimesPerPaperPackets(), run.bandwidthOccupation(),
					run.shiftRaises(), run.maxShift()));
		}
		return rows;
	}

}
