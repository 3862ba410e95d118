package io.sonde.e2e.repro.prefilter;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.logging.Level;
import java.util.logging.Logger;

import io.sonde.emulator.traffic.ArrivalModel;
import io.sonde.testsupport.HostProcessor;

/**
 * {@code make repro-prefilter}: paper 003's event pre-filter experiment (§IV-B, Figures 4
 * and 5) on the emulator, in virtual time. One flow crosses one INT path
 * ({@link BottleneckPath}) with on/off bursts in the paper's three traffic shapes
 * ({@link WorkloadShape}); the sink filters its reports with noop (no filtering), then
 * per-hop change, per-flow sum change and moving average of hop latency at every
 * threshold of {@link #THRESHOLDS_MICROS}, one emulation each with the same packets. It
 * prints reports per second against noop, writes {@code prefilter.csv},
 * {@code bursts.csv} and {@code prefilter.svg}, and prints
 * {@code REPRO prefilter_gain_<shape>_<algorithm> X}: the best gain at a threshold that
 * still reports every burst above it ({@link BurstLedger}, {@link BestGain}).
 * <p>
 * Every run checks its own accounting against the ground truth and the program ends with
 * status 1 when one fails: no packet lost, the INT hop latency the filter read equal to
 * the emulated queue wait, noop reporting every packet, the same packets and bursts in
 * every run of a shape.
 * <p>
 * Arguments: {@code [virtualSeconds] [seed]}, default 10 and 2026. Output directory:
 * {@code -Dsonde.repro.out=DIR}, default {@code e2e-tests/target/repro/prefilter} under
 * the working directory (the repository's root).
 */
public final class PrefilterRepro {

	/**
	 * The sweep, µs of queue build-up: from a couple of packets' worth to more than the
	 * longest bursts of the web shape, around the paper's 100 µs.
	 */
	static final List<Long> THRESHOLDS_MICROS = List.of(10L, 20L, 50L, 100L, 200L, 500L);

	/**
	 * The threshold the paper names ("a filter threshold of 100 µs queue buildup for web
	 * traffic"), reported for every shape and algorithm whatever it missed.
	 */
	static final long PAPER_THRESHOLD_MICROS = 100;

	private PrefilterRepro() {
	}

	public static void main(String[] args) throws Exception {
		double seconds = (args.length > 0) ? Double.parseDouble(args[0]) : 10;
		long seed = (args.length > 1) ? Long.parseLong(args[1]) : 2026;
		Path out = Path.of(System.getProperty("sonde.repro.out", "e2e-tests/target/repro/prefilter"));
		if (System.getProperty("sonde.repro.out") == null && !Files.isDirectory(Path.of("e2e-tests"))) {
			throw new IllegalStateException("run from the repository's root (make repro-prefilter)");
		}
		// Each switch logs its start, stop and provisioning at INFO: 60 runs of it.
		Logger.getLogger("").setLevel(Level.WARNING);
		Duration traffic = Duration.ofNanos((long) (seconds * 1e9));
		System.out.println("REPRO_INFO cpu " + HostProcessor.describe());
		System.out.printf(Locale.ROOT,
				"REPRO_INFO path h1-s1-s2-s3-h2, bottleneck s2->s3 1 Gbit/s, other links 10 Gbit/s; one UDP flow of "
						+ "%d-byte frames, INT 0x%04x, bursts at %.0f pps (twice the bottleneck); %.1f s virtual a run, "
						+ "seed %d; filters on hop latency, switch clock 1 ns a tick%n",
				BottleneckPath.FRAME_BYTES, BottleneckPath.INSTRUCTIONS, BottleneckPath.burstPacketsPerSecond(),
				seconds, seed);
		long start = System.nanoTime();
		List<ShapeResults> results = new ArrayList<>();
		for (WorkloadShape shape : WorkloadShape.values()) {
			ShapeResults shapeResults = runShape(shape, traffic, seed);
			results.add(shapeResults);
			SweepTable.print(System.out, shapeResults);
		}
		Files.createDirectories(out);
		PrefilterCsv.write(out, results);
		PrefilterSvg.write(out.resolve("prefilter.svg"), results);
		System.out.printf(Locale.ROOT,
				"REPRO_INFO %d runs in %.0f s wall; prefilter.csv, bursts.csv, prefilter.svg in %s%n",
				results.size() * (1 + FilterSetting.Algorithm.FILTERING.size() * THRESHOLDS_MICROS.size()),
				(System.nanoTime() - start) / 1e9, out.toAbsolutePath());
		for (ShapeResults shape : results) {
			for (FilterSetting.Algorithm algorithm : FilterSetting.Algorithm.FILTERING) {
				BestGain.Pick best = shape.best(algorithm);
				String key = shape.shape().label() + "_" + algorithm.label();
				System.out.printf(Locale.ROOT, "REPRO prefilter_gain_%s %.1f%n", key, best.gain());
				System.out.printf(Locale.ROOT, "REPRO_INFO prefilter_threshold_us_%s %d%n", key,
						best.thresholdMicros());
				for (RunResult run : shape.of(algorithm)) {
					if (run.setting().thresholdMicros() == PAPER_THRESHOLD_MICROS) {
						System.out.printf(Locale.ROOT,
								"REPRO_INFO prefilter_at_%dus_%s gain %.1f, bursts above caught %d of %d%n",
								PAPER_THRESHOLD_MICROS, key, BestGain.gain(shape.noop(), run), run.bursts().caught(),
								run.bursts().above());
					}
				}
			}
		}
	}

	private static ShapeResults runShape(WorkloadShape shape, Duration traffic, long seed) throws InterruptedException {
		ArrivalModel arrivals = shape.arrivals(BottleneckPath.burstPacketsPerSecond());
		RunResult noop = checked(FilterRun.run(arrivals, FilterSetting.NOOP, traffic, seed), null);
		List<RunResult> filtered = new ArrayList<>();
		for (FilterSetting setting : FilterSetting.sweep(THRESHOLDS_MICROS)) {
			if (setting.algorithm() != FilterSetting.Algorithm.NOOP) {
				filtered.add(checked(FilterRun.run(arrivals, setting, traffic, seed), noop));
			}
		}
		return new ShapeResults(shape, noop, filtered);
	}

	/**
	 * The run's accounting against the ground truth.
	 * @throws IllegalStateException when it does not add up
	 */
	static RunResult checked(RunResult run, RunResult noop) {
		String what = run.setting().algorithm().label() + " at " + run.setting().thresholdMicros() + " µs: ";
		if (run.sent() != run.received() || run.packets() != run.sent()) {
			throw new IllegalStateException(what + run.sent() + " packets sent, " + run.packets()
					+ " crossed the bottleneck, " + run.received() + " received: the path must lose none");
		}
		if (run.latencyMismatches() != 0) {
			throw new IllegalStateException(what + run.latencyMismatches()
					+ " packets carried a hop latency at the bottleneck other than their queue wait");
		}
		if (noop == null && run.reports() != run.packets()) {
			throw new IllegalStateException(what + run.reports() + " reports of " + run.packets() + " packets");
		}
		if (noop != null && (run.packets() != noop.packets() || run.bursts().bursts() != noop.bursts().bursts())) {
			throw new IllegalStateException(
					what + run.packets() + " packets in " + run.bursts().bursts() + " bursts, noop had "
							+ noop.packets() + " in " + noop.bursts().bursts() + ": not the same traffic");
		}
		return run;
	}

}
