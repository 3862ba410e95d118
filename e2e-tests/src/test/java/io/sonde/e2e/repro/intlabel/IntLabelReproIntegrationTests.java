package io.sonde.e2e.repro.intlabel;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.sonde.labeling.LabelingMode;
import io.sonde.labeling.ProbabilityFunction;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A few seconds of the INT-label repro, so its code does not rot: the §6.1 fabric with
 * the emulated switches labeling (sonde.p4's twin), Base A and Base B at T = 100 ms on
 * the same fabric, seed and traffic, and Pro with 30% of the packets lost, 2,500 packets
 * each. The paper's numbers are the repro's business (docs/BENCHMARKS.md); this checks
 * what must hold whatever the machine: B aggregates items into fewer exported packets
 * than A, both see the fabric's active ports and cover most of them, Pro raises S when
 * labeled packets are lost.
 */
class IntLabelReproIntegrationTests {

	private static final RunSetting BASE_A = Figures.sweep(LabelingMode.A, 100);

	private static final RunSetting BASE_B = Figures.sweep(LabelingMode.B, 100);

	private static final RunSetting PRO_LOSSY = Figures.setting(LabelingMode.PRO, 50, 0, ProbabilityFunction.F1, 0.3);

	@TempDir
	static Path directory;

	private static ReproResults results;

	private static String info;

	private static String progress;

	@BeforeAll
	static void runBaseABaseBAndProOnOneFabric() throws Exception {
		Logger.getLogger("").setLevel(Level.WARNING);
		ByteArrayOutputStream infoBytes = new ByteArrayOutputStream();
		ByteArrayOutputStream progressBytes = new ByteArrayOutputStream();
		results = IntLabelRepro.run(new LabelProfile("custom", 1, 2_500), List.of(BASE_A, BASE_B, PRO_LOSSY), directory,
				new PrintStream(infoBytes, true, StandardCharsets.UTF_8),
				new PrintStream(progressBytes, true, StandardCharsets.UTF_8));
		info = infoBytes.toString(StandardCharsets.UTF_8);
		progress = progressBytes.toString(StandardCharsets.UTF_8);
	}

	@Test
	void baseBExportsFewerLabeledPacketsThanBaseAOnTheSameTraffic() {
		RunResult a = results.of(BASE_A).get(0);
		RunResult b = results.of(BASE_B).get(0);
		assertThat(a.exports()).isPositive();
		assertThat(b.labeledPerPaperPackets()).isLessThan(a.labeledPerPaperPackets());
		// Fewer packets, each with more items: B labels at least as often as A.
		assertThat((double) b.items() / b.exports()).isGreaterThan((double) a.items() / a.exports());
	}

	@Test
	void bothBasesSeeTheFabricsActivePortsAndCoverMostOfThem() {
		for (RunSetting setting : List.of(BASE_A, BASE_B)) {
			RunResult run = results.of(setting).get(0);
			assertThat(run.portsCarried()).isEqualTo(24);
			assertThat(run.windows()).isGreaterThanOrEqualTo(15);
			assertThat(run.coverage()).isBetween(0.5, 1.0);
			assertThat(run.received()).isEqualTo(run.sent());
			assertThat(run.malformed()).isZero();
			assertThat(run.bandwidthOccupation()).isBetween(0.001, 0.2);
		}
	}

	@Test
	void proRaisesShiftWhenLabeledPacketsAreLost() {
		RunResult pro = results.of(PRO_LOSSY).get(0);
		assertThat(pro.measuredLoss()).isBetween(0.2, 0.4);
		assertThat(pro.shiftRaises()).isPositive();
		assertThat(pro.maxShift()).isPositive();
	}

	@Test
	void writesEveryRunAndDrawsAProgressBar() throws Exception {
		List<String> rows = Files.readAllLines(directory.resolve("runs.csv"));
		assertThat(rows.get(0)).isEqualTo(LabelCsv.RUN_HEADER);
		assertThat(rows).hasSize(4);
		assertThat(info).contains("REPRO_INFO profile custom").contains("switch ports that carried");
		assertThat(progress).contains("3/3");
	}

}
