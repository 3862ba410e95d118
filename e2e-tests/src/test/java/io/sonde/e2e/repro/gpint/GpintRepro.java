package io.sonde.e2e.repro.gpint;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.logging.Level;
import java.util.logging.Logger;

import io.sonde.e2e.repro.ProgressBar;
import io.sonde.e2e.repro.gpint.BackgroundCounters.BackgroundWindow;
import io.sonde.e2e.repro.gpint.Figures.Panel;
import io.sonde.emulator.topology.Topology;
import io.sonde.probes.recovery.RecoveryProfile;
import io.sonde.testsupport.HostProcessor;

/**
 * {@code make repro-gpint}: paper 001's experiments (§V, Figures 8-15) on the emulator in
 * virtual time. For every network size and repetition a new Watts-Strogatz network
 * ({@link ReproNetwork}) runs every scenario the figures need ({@link Figures#plan}) one
 * after the other: background load, link drop probability, recovery on or off; in each,
 * the methods take turns, session after session ({@link MonitoringModule}). Then a CSV
 * table and an SVG chart per panel, {@code sessions.csv} and {@code background.csv} go to
 * the output directory and the {@code REPRO} lines ({@link ReproLines}) to standard
 * output; a progress bar runs on standard error.
 * <p>
 * {@code REPRO_PROFILE}: {@code quick} (default, {@link ReproProfile#QUICK}) or
 * {@code full} ({@link ReproProfile#FULL}). Output directory:
 * {@code -Dsonde.repro.out=DIR}, default {@code e2e-tests/target/repro/gpint} under the
 * working directory (the repository's root).
 */
public final class GpintRepro {

	/**
	 * Repetition r of size n uses seed BASE_SEED + 1000 n + r: topology, hosts, streams.
	 */
	static final long BASE_SEED = 2026;

	private GpintRepro() {
	}

	public static void main(String[] args) throws Exception {
		ReproProfile profile = ReproProfile.named(System.getenv("REPRO_PROFILE"));
		Path out = Path.of(System.getProperty("sonde.repro.out", "e2e-tests/target/repro/gpint"));
		if (System.getProperty("sonde.repro.out") == null && !Files.isDirectory(Path.of("e2e-tests"))) {
			throw new IllegalStateException("run from the repository's root (make repro-gpint)");
		}
		// Each switch logs its start, stop and provisioning at INFO.
		Logger.getLogger("").setLevel(Level.WARNING);
		System.out.println("REPRO_INFO cpu " + HostProcessor.describe());
		ReproResults results = run(profile, out, System.out, System.err);
		ReproLines.of(results).forEach(System.out::println);
	}

	/**
	 * Runs the profile, writes the files, prints the settings and per-size notes.
	 * @return every scenario run
	 */
	static ReproResults run(ReproProfile profile, Path out, PrintStream info, PrintStream progressOut)
			throws Exception {
		List<Panel> panels = Figures.panels();
		Map<Scenario, Set<Method>> plan = Figures.plan(panels);
		info.printf(Locale.ROOT,
				"REPRO_INFO profile %s: sizes %s, %d repetitions, %d sessions per method and scenario, %d scenarios%n",
				profile.name(), profile.sizes(), profile.repetitions(), profile.sessionsPerScenario(), plan.size());
		info.printf(Locale.ROOT,
				"REPRO_INFO network: Watts-Strogatz k=%d beta=%.2f, %d hosts, switches process %d packets/s behind "
						+ "%d-packet buffers, 1 Gbit/s links; background UDP Poisson host pairs, busiest switch offered "
						+ "%.0f%% (low) / %.0f%% (high) of its rate; t_f %d ms, r_a %d (fine-tuned %d ms, %d), t_ro 100 ms%n",
				ReproNetwork.RING_NEIGHBOURS, ReproNetwork.BETA, ReproNetwork.HOSTS,
				ReproNetwork.PROCESSING_PACKETS_PER_SECOND, ReproNetwork.QUEUE_PACKETS,
				100 * Load.LOW.busiestSwitchUtilization(), 100 * Load.HIGH.busiestSwitchUtilization(),
				RecoveryProfile.PAPER.feedbackTimeout().toMillis(), RecoveryProfile.PAPER.recoveryAttempts(),
				RecoveryProfile.FINE_TUNED.feedbackTimeout().toMillis(), RecoveryProfile.FINE_TUNED.recoveryAttempts());
		ProgressBar progress = new ProgressBar(progressOut,
				profile.sizes().size() * profile.repetitions() * plan.size());
		ReproResults results = new ReproResults();
		long start = System.nanoTime();
		for (int size : profile.sizes()) {
			for (int repetition = 0; repetition < profile.repetitions(); repetition++) {
				long seed = BASE_SEED + 1000L * size + repetition;
				progress.running(size + " switches, repetition " + (repetition + 1) + ": starting");
				Topology topology = ReproNetwork.topology(size, seed);
				try (ReproNetwork network = ReproNetwork.start(topology, seed);
						SwitchProbeSettings settings = new SwitchProbeSettings(network.emulated())) {
					NetworkPlans plans = NetworkPlans.of(network.emulated().topology(), seed);
					if (repetition == 0) {
						noteGraph(info, size, network, plans);
					}
					MonitoringModule module = new MonitoringModule(network, plans);
					for (Map.Entry<Scenario, Set<Method>> entry : plan.entrySet()) {
						Scenario scenario = entry.getKey();
						progress.running(size + " sw, rep " + (repetition + 1) + ", " + scenario.label());
						results.add(runScenario(network, settings, module, size, repetition, scenario, entry.getValue(),
								profile.sessionsPerScenario()));
						progress.stepDone();
					}
				}
			}
		}
		progress.finish();
		Files.createDirectories(out);
		GpintCsv.write(out, panels, results);
		GpintSvg.write(out, panels, results);
		noteBackground(info, results);
		info.printf(Locale.ROOT,
				"REPRO_INFO %d scenario runs in %.0f s wall; %d tables and charts, sessions.csv, "
						+ "background.csv in %s%n",
				results.runs().size(), (System.nanoTime() - start) / 1e9, panels.size(), out.toAbsolutePath());
		return results;
	}

	private static ScenarioRun runScenario(ReproNetwork network, SwitchProbeSettings settings, MonitoringModule module,
			int size, int repetition, Scenario scenario, Set<Method> methods, int sessionsPerScenario)
			throws InterruptedException {
		applySettings(settings, scenario.recovery(), RecoveryProfile.PAPER.feedbackTimeout());
		network.enter(scenario);
		BackgroundCounters before = network.counters();
		Map<Method, List<SessionResult>> sessions = new EnumMap<>(Method.class);
		for (int round = 0; round < sessionsPerScenario; round++) {
			for (Method method : methods) {
				SessionResult session;
				if (method == Method.POLLING) {
					session = module.pollingSession(scenario.recovery());
				}
				else {
					RecoveryProfile profile = method.fineTuned() ? RecoveryProfile.FINE_TUNED : RecoveryProfile.PAPER;
					applySettings(settings, scenario.recovery(), profile.feedbackTimeout());
					session = module.probeSession(method, scenario.recovery());
				}
				sessions.computeIfAbsent(method, (m) -> new ArrayList<>()).add(session);
			}
		}
		BackgroundWindow background = network.counters().since(before);
		return new ScenarioRun(size, repetition, scenario, background, sessions);
	}

	private static void applySettings(SwitchProbeSettings settings, boolean recovery, Duration feedbackTimeout) {
		settings.apply(recovery, feedbackTimeout);
	}

	private static void noteGraph(PrintStream info, int size, ReproNetwork network, NetworkPlans plans) {
		StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "REPRO_INFO %d switches, %d links:", size,
				ReproNetwork.switchToSwitchLinks(network.emulated()).size()));
		for (Method method : List.of(Method.GPINT_2, Method.GPINT_3, Method.GPINT_5, Method.EULER)) {
			var plan = plans.plan(method);
			line.append(String.format(Locale.ROOT, " %s %d paths of %d-%d switches (mean %.1f);", method.title(),
					plan.k(), plan.lengths().min(), plan.lengths().max(), plan.lengths().mean()));
		}
		info.println(line);
	}

	private static void noteBackground(PrintStream info, ReproResults results) {
		for (int size : results.sizes()) {
			for (Load load : Load.values()) {
				for (boolean recovery : new boolean[] { false, true }) {
					Scenario scenario = new Scenario(load, 0, recovery);
					List<ScenarioRun> runs = results.runs()
						.stream()
						.filter((run) -> run.switches() == size && run.scenario().equals(scenario))
						.toList();
					if (runs.isEmpty()) {
						continue;
					}
					info.printf(Locale.ROOT,
							"REPRO_INFO background %d switches, %s: lost %.2f%%, busiest switch busy %.1f%%, "
									+ "mean switch %.1f%%%n",
							size, scenario,
							runs.stream().mapToDouble((r) -> r.background().lossPercent()).average().orElse(0),
							runs.stream()
								.mapToDouble((r) -> r.background().maxUtilizationPercent())
								.average()
								.orElse(0),
							runs.stream()
								.mapToDouble((r) -> r.background().meanUtilizationPercent())
								.average()
								.orElse(0));
				}
			}
		}
	}

}
