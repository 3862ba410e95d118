package io.sonde.e2e.repro.intlabel;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.logging.Level;
import java.util.logging.Logger;

import io.sonde.e2e.repro.ProgressBar;
import io.sonde.emulator.topology.IntLabelFabric;
import io.sonde.testsupport.HostProcessor;

/**
 * {@code make repro-intlabel}: paper 004's experiments (§6.2: Figs. 7-10, 12, 13, 18, 19)
 * on the emulator's §6.1 fabric in virtual time. For each repetition a new fabric
 * ({@link LabelFabric}, its own seed) runs every setting of {@link Figures#plan} one
 * after the other ({@link LabelRun}); the emulated switches label (sonde.p4's twin) and
 * export to a controller made of the backend's pure classes ({@link VirtualController}).
 * Then a CSV table and an SVG chart per figure and {@code runs.csv} go to the output
 * directory, the {@code REPRO} lines ({@link ReproLines}) to standard output; a progress
 * bar runs on standard error.
 * <p>
 * {@code REPRO_PROFILE}: {@code quick} (default, {@link LabelProfile#QUICK}) or
 * {@code full} ({@link LabelProfile#FULL}). Output directory:
 * {@code -Dsonde.repro.out=DIR}, default {@code e2e-tests/target/repro/intlabel} under
 * the working directory (the repository's root).
 */
public final class IntLabelRepro {

	/** Repetition r runs on a fabric seeded BASE_SEED + r. */
	static final long BASE_SEED = 2024;

	private IntLabelRepro() {
	}

	public static void main(String[] args) throws Exception {
		LabelProfile profile = LabelProfile.named(System.getenv("REPRO_PROFILE"));
		Path out = Path.of(System.getProperty("sonde.repro.out", "e2e-tests/target/repro/intlabel"));
		if (System.getProperty("sonde.repro.out") == null && !Files.isDirectory(Path.of("e2e-tests"))) {
			throw new IllegalStateException("run from the repository's root (make repro-intlabel)");
		}
		// Each switch logs its start, stop and provisioning at INFO.
		Logger.getLogger("").setLevel(Level.WARNING);
		System.out.println("REPRO_INFO cpu " + HostProcessor.describe());
		ReproResults results = run(profile, Figures.plan(), out, System.out, System.err);
		ReproLines.notes(results).forEach(System.out::println);
		ReproLines.of(results).forEach(System.out::println);
	}

	/**
	 * Runs {@code plan} on the profile's fabrics, writes the files (charts only when the
	 * plan is the figures' whole plan), prints the settings.
	 */
	static ReproResults run(LabelProfile profile, List<RunSetting> plan, Path out, PrintStream info,
			PrintStream progressOut) throws Exception {
		info.printf(Locale.ROOT,
				"REPRO_INFO profile %s: %d repetitions, %d settings, %d packets (%.1f s virtual) per run after a "
						+ "%d ms warm-up%n",
				profile.name(), profile.repetitions(), plan.size(), profile.packetsPerRun(),
				profile.measured().toNanos() / 1e9, LabelRun.WARM_UP.toMillis());
		info.printf(Locale.ROOT,
				"REPRO_INFO fabric: 4 spines, 4 leaves, 4 ToRs, 8 servers, %d Mbit/s links with %d-packet queues; "
						+ "%s send %d-byte frames at %.1f Mbit/s each (Poisson, to the 7 others evenly); MAX_hop %d, "
						+ "Ti %d ms, Pro k %d; loss: every link drops the same share of frames%n",
				IntLabelFabric.DEFAULT_LINK.bandwidthBitsPerSecond() / 1_000_000,
				IntLabelFabric.DEFAULT_LINK.queueCapacityPackets(), String.join(" and ", SenderTraffic.SENDERS),
				SenderTraffic.FRAME_BYTES, SenderTraffic.BITS_PER_SECOND / 1e6, Figures.MAX_HOP,
				Figures.TELEMETRY_INTERVAL_MS, Figures.PRO_K);
		ProgressBar progress = new ProgressBar(progressOut, profile.repetitions() * plan.size());
		ReproResults results = new ReproResults();
		long start = System.nanoTime();
		for (int repetition = 0; repetition < profile.repetitions(); repetition++) {
			progress.running("repetition " + (repetition + 1) + ": starting the fabric");
			try (LabelFabric fabric = LabelFabric.start(BASE_SEED + repetition)) {
				for (RunSetting setting : plan) {
					progress.running("rep " + (repetition + 1) + ", " + setting.label());
					results.add(LabelRun.run(fabric, setting, repetition, profile.measured()));
					progress.stepDone();
				}
				if (repetition == 0) {
					info.printf(Locale.ROOT, "REPRO_INFO switch ports that carried the senders' traffic: %d%n",
							results.runs().get(0).portsCarried());
				}
			}
		}
		progress.finish();
		Files.createDirectories(out);
		if (plan.equals(Figures.plan())) {
			List<Chart> charts = Figures.charts(results);
			LabelCsv.write(out, charts, results);
			for (Chart chart : charts) {
				Files.writeString(out.resolve(chart.id() + ".svg"), ChartSvg.render(chart), StandardCharsets.UTF_8);
			}
			info.printf(Locale.ROOT, "REPRO_INFO %d runs in %.0f s wall; %d tables and charts and runs.csv in %s%n",
					results.runs().size(), (System.nanoTime() - start) / 1e9, charts.size(), out.toAbsolutePath());
		}
		else {
			Files.write(out.resolve("runs.csv"), LabelCsv.runRows(results), StandardCharsets.UTF_8);
			info.printf(Locale.ROOT, "REPRO_INFO %d runs in %.0f s wall; runs.csv in %s%n", results.runs().size(),
					(System.nanoTime() - start) / 1e9, out.toAbsolutePath());
		}
		return results;
	}

}
