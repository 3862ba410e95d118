package io.sonde.e2e.repro.prefilter;

import java.io.PrintStream;
import java.util.Locale;

/** The console table of one shape: its bursts, then one line per filter setting. */
final class SweepTable {

	private SweepTable() {
	}

	static void print(PrintStream out, ShapeResults shape) {
		RunResult noop = shape.noop();
		BurstLedger.BurstSummary bursts = noop.bursts();
		out.printf(Locale.ROOT,
				"%s: %d packets in %d bursts (%.1f a burst); burst peak queueing delay p50 %.1f, p90 %.1f, p99 %.1f, "
						+ "max %.1f µs%n",
				shape.shape().label(), noop.packets(), bursts.bursts(), (double) noop.packets() / bursts.bursts(),
				bursts.peakP50Nanos() / 1e3, bursts.peakP90Nanos() / 1e3, bursts.peakP99Nanos() / 1e3,
				bursts.peakMaxNanos() / 1e3);
		out.printf(Locale.ROOT, "  %-15s %9s %12s %9s %12s %8s %8s %s%n", "algorithm", "threshold", "reports/s", "gain",
				"bursts above", "caught", "missed", "qualifies");
		line(out, shape, noop);
		shape.filtered().forEach((run) -> line(out, shape, run));
	}

	private static void line(PrintStream out, ShapeResults shape, RunResult run) {
		BurstLedger.BurstSummary bursts = run.bursts();
		double gain = BestGain.gain(shape.noop(), run);
		out.printf(Locale.ROOT, "  %-15s %6d µs %12.1f %9s %12d %8d %8d %s%n", run.setting().algorithm().label(),
				run.setting().thresholdMicros(), run.reportsPerSecond(),
				Double.isInfinite(gain) ? "-" : String.format(Locale.ROOT, "%.1f", gain), bursts.above(),
				bursts.caught(), bursts.missed(), BestGain.qualifies(run) ? "yes" : "no");
	}

}
