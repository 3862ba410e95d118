package io.sonde.e2e.repro.intlabel;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import javax.xml.parsers.DocumentBuilderFactory;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.sonde.labeling.LabelingMode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The repro's outputs from made-up runs of the whole plan: the issue's {@code REPRO} keys
 * exactly, a chart and a table per figure, SVG that parses.
 */
class IntLabelFilesTests {

	private static final ReproResults RESULTS = new ReproResults();

	@BeforeAll
	static void oneMadeUpRunPerSetting() {
		for (RunSetting setting : Figures.plan()) {
			boolean b = setting.labeling().mode() != LabelingMode.A;
			double coverage = 1.0 - setting.labeling().intervalMs() / 2000.0 - setting.lossTarget() / 10;
			RESULTS.add(new RunResult(setting, 0, 8.0, coverage, 80, 24, 24, 10_000, 10_000, 0, b ? 600 : 1000,
					b ? 2000 : 1500, b ? 2000 : 1500, 0, 0.002, 0, 0));
		}
	}

	@Test
	void printsTheIssuesReproKeysInOrder() {
		List<String> keys = new ArrayList<>(List.of("intlabel_coverage_A_T50_Ti100", "intlabel_coverage_B_T50_Ti100",
				"intlabel_coverage_pro_loss60", "intlabel_labeled_B_over_A_T100"));
		for (String mode : List.of("A", "B")) {
			for (int t = 10; t <= 100; t += 10) {
				keys.add("intlabel_coverage_" + mode + "_T" + t);
			}
		}
		List<String> lines = ReproLines.of(RESULTS);
		assertThat(lines).extracting((line) -> line.split(" ")[1]).containsExactlyElementsOf(keys);
		assertThat(lines).allMatch((line) -> line.matches("REPRO \\S+ -?\\d+\\.\\d+"));
		assertThat(lines.get(0)).isEqualTo("REPRO intlabel_coverage_A_T50_Ti100 97.50");
		assertThat(lines.get(3)).isEqualTo("REPRO intlabel_labeled_B_over_A_T100 0.600");
	}

	@Test
	void drawsEveryFigureAsATableAndAWellFormedChart() throws Exception {
		List<Chart> charts = Figures.charts(RESULTS);
		assertThat(charts).extracting(Chart::id)
			.containsExactly("fig7_labeled_packets", "fig8_labeling_times", "fig9_coverage_vs_ratio",
					"fig10_coverage_vs_interval", "fig10_bandwidth_vs_interval", "fig12_pro_vs_interval",
					"fig13_coverage_vs_loss", "fig18_rest_time", "fig19_probability");
		for (Chart chart : charts) {
			String svg = ChartSvg.render(chart);
			DocumentBuilderFactory.newInstance()
				.newDocumentBuilder()
				.parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
			assertThat(svg).contains(chart.title());
			chart.series().forEach((line) -> assertThat(svg).contains(line.label()));
			List<String> rows = LabelCsv.chartRows(chart);
			assertThat(rows.get(0)).isEqualTo(LabelCsv.CHART_HEADER);
			assertThat(rows).hasSize(1 + chart.series().stream().mapToInt((line) -> line.points().size()).sum());
			// One column per header field: no label may carry a comma.
			rows.forEach((row) -> assertThat(row.split(",", -1)).hasSize(7));
		}
	}

	@Test
	void listsEveryRunWithAllItsColumns() {
		List<String> rows = LabelCsv.runRows(RESULTS);
		int columns = LabelCsv.RUN_HEADER.split(",").length;
		assertThat(rows).hasSize(1 + Figures.plan().size());
		rows.forEach((row) -> assertThat(row.split(",", -1)).hasSize(columns));
	}

}
