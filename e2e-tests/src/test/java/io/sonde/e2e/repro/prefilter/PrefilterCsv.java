package io.sonde.e2e.repro.prefilter;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The run's tables as CSV: {@code prefilter.csv}, one row per filter setting and shape
 * (reports per second against noop, and how the filter treated the bursts), and
 * {@code bursts.csv}, one row per shape (the traffic as the bottleneck saw it, the same
 * in every run of the shape).
 */
final class PrefilterCsv {

	private PrefilterCsv() {
	}

	static void write(Path directory, List<ShapeResults> shapes) throws IOException {
		List<String> rows = new ArrayList<>();
		rows.add("shape,algorithm,threshold_us,ema_weight,seconds,packets,reports,reports_per_s,noop_reports_per_s,"
				+ "gain,bursts,bursts_above,bursts_caught,bursts_missed,qualifies,best");
		for (ShapeResults shape : shapes) {
			rows.add(row(shape, shape.noop()));
			shape.filtered().forEach((run) -> rows.add(row(shape, run)));
		}
		Files.write(directory.resolve("prefilter.csv"), rows, StandardCharsets.UTF_8);

		List<String> bursts = new ArrayList<>();
		bursts.add("shape,mean_burst_us,mean_gap_us,burst_packets_per_s,seconds,packets,bursts,packets_per_burst,"
				+ "peak_p50_us,peak_p90_us,peak_p99_us,peak_max_us");
		for (ShapeResults shape : shapes) {
			RunResult noop = shape.noop();
			BurstLedger.BurstSummary summary = noop.bursts();
			bursts.add(String.format(Locale.ROOT, "%s,%.0f,%.0f,%.0f,%.3f,%d,%d,%.2f,%.1f,%.1f,%.1f,%.1f",
					shape.shape().label(), shape.shape().meanBurstMicros(), shape.shape().meanGapMicros(),
					BottleneckPath.burstPacketsPerSecond(), noop.seconds(), noop.packets(), summary.bursts(),
					(double) noop.packets() / summary.bursts(), summary.peakP50Nanos() / 1e3,
					summary.peakP90Nanos() / 1e3, summary.peakP99Nanos() / 1e3, summary.peakMaxNanos() / 1e3));
		}
		Files.write(directory.resolve("bursts.csv"), bursts, StandardCharsets.UTF_8);
	}

	private static String row(ShapeResults shape, RunResult run) {
		FilterSetting setting = run.setting();
		BurstLedger.BurstSummary bursts = run.bursts();
		BestGain.Pick best = shape.best(setting.algorithm());
		boolean isBest = setting.algorithm() != FilterSetting.Algorithm.NOOP
				&& best.thresholdMicros() == setting.thresholdMicros();
		double gain = BestGain.gain(shape.noop(), run);
		return String.format(Locale.ROOT, "%s,%s,%d,%d,%.3f,%d,%d,%.1f,%.1f,%s,%d,%d,%d,%d,%b,%b",
				shape.shape().label(), setting.algorithm().label(), setting.thresholdMicros(),
				(setting.algorithm() == FilterSetting.Algorithm.MOVING_AVERAGE) ? FilterSetting.EMA_WEIGHT : 0,
				run.seconds(), run.packets(), run.reports(), run.reportsPerSecond(), shape.noop().reportsPerSecond(),
				Double.isInfinite(gain) ? "" : String.format(Locale.ROOT, "%.2f", gain), bursts.bursts(),
				bursts.above(), bursts.caught(), bursts.missed(), BestGain.qualifies(run), isBest);
	}

}
