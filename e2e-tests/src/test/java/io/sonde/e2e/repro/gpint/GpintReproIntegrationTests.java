package io.sonde.e2e.repro.gpint;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;

import javax.xml.parsers.DocumentBuilderFactory;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.sonde.e2e.repro.gpint.Figures.Panel;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The GPINT experiment end to end on its smallest network: 20 emulated switches running
 * sonde.p4 with the probe data plane, the backend's planner and recovery loop, one
 * repetition, one session per method and scenario. Checks the files and lines the repro
 * writes and that its numbers hang together; the paper's findings are the repro's
 * business (docs/BENCHMARKS.md), not a test's.
 */
class GpintReproIntegrationTests {

	@TempDir
	static Path directory;

	private static ReproResults results;

	private static String info;

	private static String progress;

	@BeforeAll
	static void runTheSmallestProfile() throws Exception {
		Logger.getLogger("").setLevel(Level.WARNING);
		ByteArrayOutputStream infoBytes = new ByteArrayOutputStream();
		ByteArrayOutputStream progressBytes = new ByteArrayOutputStream();
		results = GpintRepro.run(new ReproProfile("custom", List.of(20), 1, 1), directory,
				new PrintStream(infoBytes, true, StandardCharsets.UTF_8),
				new PrintStream(progressBytes, true, StandardCharsets.UTF_8));
		info = infoBytes.toString(StandardCharsets.UTF_8);
		progress = progressBytes.toString(StandardCharsets.UTF_8);
	}

	@Test
	void everyScenarioOfTheFiguresRanWithEveryMethodItNeeds() {
		assertThat(results.runs()).hasSize(Figures.plan(Figures.panels()).size());
		for (ScenarioRun run : results.runs()) {
			assertThat(run.sessions().keySet())
				.containsExactlyInAnyOrderElementsOf(Figures.plan(Figures.panels()).get(run.scenario()));
			run.sessions().values().forEach((sessions) -> assertThat(sessions).hasSize(1));
		}
	}

	@Test
	void everyPanelHasATableWithARowPerSeriesAndAWellFormedChart() throws Exception {
		for (Panel panel : Figures.panels()) {
			List<String> rows = Files.readAllLines(directory.resolve(panel.id() + ".csv"));
			assertThat(rows.get(0)).isEqualTo(GpintCsv.PANEL_HEADER);
			assertThat(rows).hasSize(1 + panel.series().size());
			for (String row : rows.subList(1, rows.size())) {
				assertThat(row.split(",", -1)).hasSize(GpintCsv.PANEL_HEADER.split(",").length);
				assertThat(row).startsWith("20,").endsWith(",1");
			}
			var svg = DocumentBuilderFactory.newInstance()
				.newDocumentBuilder()
				.parse(directory.resolve(panel.id() + ".svg").toFile());
			assertThat(svg.getDocumentElement().getNodeName()).isEqualTo("svg");
			assertThat(svg.getElementsByTagName("circle").getLength()).isEqualTo(panel.series().size());
		}
	}

	@Test
	void sessionsAddUpAndRecoveryCompletesEverySessionAtFivePercentLoss() throws Exception {
		List<String> rows = Files.readAllLines(directory.resolve("sessions.csv"));
		assertThat(rows.get(0)).isEqualTo(GpintCsv.SESSION_HEADER);
		assertThat(rows).hasSize(1 + results.runs().stream().mapToInt((run) -> run.sessions().size()).sum());
		for (ScenarioRun run : results.runs()) {
			for (List<SessionResult> sessions : run.sessions().values()) {
				for (SessionResult session : sessions) {
					assertThat(session.recoveryProbes()).isNotNegative().isLessThanOrEqualTo(session.probesSent());
					assertThat(session.probesLost()).isLessThanOrEqualTo(session.probesSent());
					assertThat(session.latencySeconds()).isPositive().isLessThan(120);
					if (!run.scenario().recovery()) {
						assertThat(session.recoveryProbes()).isZero();
					}
				}
			}
		}
		Scenario loss5 = new Scenario(Load.HIGH, 0.05, true);
		assertThat(results.sessions(20, loss5, Method.GPINT_3)).isNotEmpty().allMatch(SessionResult::complete);
		assertThat(results.sessions(20, loss5, Method.POLLING)).isNotEmpty().allMatch(SessionResult::complete);
	}

	@Test
	void lowLoadLosesNoBackgroundAndHighLoadOverloadsTheBusiestSwitch() {
		for (ScenarioRun run : results.runs()) {
			if (run.scenario().load() == Load.LOW) {
				assertThat(run.background().lossPercent()).isLessThan(1);
				assertThat(run.background().maxUtilizationPercent()).isBetween(80.0, 99.0);
			}
			else if (run.scenario().linkLoss() == 0) {
				assertThat(run.background().lossPercent()).isGreaterThan(1);
				assertThat(run.background().maxUtilizationPercent()).isGreaterThan(99.0);
			}
		}
	}

	@Test
	void printsTheIssuesReproLinesTheSettingsAndAProgressBar() {
		List<String> lines = ReproLines.of(results);
		assertThat(lines).hasSize(7);
		assertThat(lines).allMatch((line) -> line.matches("REPRO [a-z0-9_]+ -?[0-9]+\\.[0-9]{2}"));
		assertThat(lines.get(0)).startsWith("REPRO gpint_failed_probes_pct_high_load_gpint3 ");
		assertThat(lines).anyMatch((line) -> line.startsWith("REPRO gpint3_probes_20sw 6.00"));
		assertThat(info).contains("REPRO_INFO profile custom", "Watts-Strogatz k=4 beta=0.20", "REPRO_INFO background");
		assertThat(progress).contains("10/10", "done");
	}

	@Test
	void studentsIntervalWidensWithFewerValues() {
		assertThat(StudentT.quantile975(1)).isEqualTo(12.706);
		assertThat(StudentT.quantile975(19)).isEqualTo(2.093);
		assertThat(StudentT.quantile975(200)).isBetween(1.97, 1.975);
		StudentT.Interval interval = StudentT.of(List.of(1.0, 2.0, 3.0));
		assertThat(interval.mean()).isEqualTo(2.0);
		assertThat(interval.halfWidth()).isCloseTo(4.303 / Math.sqrt(3), org.assertj.core.data.Offset.offset(1e-9));
		assertThat(StudentT.of(List.of(5.0)).halfWidth()).isZero();
	}

}
