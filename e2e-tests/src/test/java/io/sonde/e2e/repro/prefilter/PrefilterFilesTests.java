package io.sonde.e2e.repro.prefilter;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import javax.xml.parsers.DocumentBuilderFactory;

import io.sonde.e2e.repro.prefilter.FilterSetting.Algorithm;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;

import static org.assertj.core.api.Assertions.assertThat;

/** The CSV tables and the SVG chart the repro writes, from made-up results. */
class PrefilterFilesTests {

	@TempDir
	Path directory;

	@Test
	void theCsvHasOneRowPerSettingAndShapeWithGainAgainstNoop() throws Exception {
		PrefilterCsv.write(this.directory, List.of(shape(WorkloadShape.WEB), shape(WorkloadShape.CACHE)));

		List<String> rows = Files.readAllLines(this.directory.resolve("prefilter.csv"));
		assertThat(rows).hasSize(1 + 2 * 4);
		assertThat(rows.get(0)).startsWith("shape,algorithm,threshold_us,");
		assertThat(rows).contains("web,noop,0,0,1.000,10000,10000,10000.0,10000.0,1.00,1000,900,900,0,true,false",
				"web,per_hop,100,0,1.000,10000,100,100.0,10000.0,100.00,1000,150,150,0,true,true",
				"web,moving_average,100,64,1.000,10000,0,0.0,10000.0,,1000,150,0,150,false,false");
		List<String> bursts = Files.readAllLines(this.directory.resolve("bursts.csv"));
		assertThat(bursts).hasSize(3);
		assertThat(bursts.get(2)).startsWith("cache,60,500,");
	}

	@Test
	void theSvgIsWellFormedWithALinePerAlgorithmAndANoopLevelPerShape() throws Exception {
		Path file = this.directory.resolve("prefilter.svg");
		PrefilterSvg.write(file, List.of(shape(WorkloadShape.WEB), shape(WorkloadShape.CACHE)));

		Document svg = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(file.toFile());
		assertThat(svg.getDocumentElement().getNodeName()).isEqualTo("svg");
		assertThat(svg.getElementsByTagName("polyline").getLength()).isEqualTo(2 * 3);
		assertThat(Files.readString(file)).contains("noop 10000/s", "web: bursts 20 µs", "cache: bursts 60 µs");
	}

	/** Noop, per-hop at 100 µs (caught every burst), flow-sum, and a silent average. */
	private static ShapeResults shape(WorkloadShape shape) {
		RunResult noop = run(Algorithm.NOOP, 0, 10_000, 900, 900);
		List<RunResult> filtered = new ArrayList<>();
		filtered.add(run(Algorithm.PER_HOP, 100, 100, 150, 150));
		filtered.add(run(Algorithm.FLOW_SUM, 100, 100, 150, 149));
		filtered.add(run(Algorithm.MOVING_AVERAGE, 100, 0, 150, 0));
		return new ShapeResults(shape, noop, filtered);
	}

	private static RunResult run(Algorithm algorithm, long thresholdMicros, long reports, int above, int caught) {
		return new RunResult(new FilterSetting(algorithm, thresholdMicros), 1.0, 10_000, 10_000, 10_000, reports, 0,
				new BurstLedger.BurstSummary(1_000, above, caught, 10_000, 50_000, 90_000, 120_000));
	}

}
