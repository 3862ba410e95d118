package io.sonde.p4programs.decode;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

import io.sonde.p4programs.capture.LinkType;
import io.sonde.p4programs.capture.PcapWriter;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The sonde-decode command run in-process: golden captures, damaged and missing files,
 * the command line.
 */
class SondeDecodeTests {

	private static final List<String> CAPTURES = List.of("int_md.pcap", "reports.pcapng", "third_party.pcap");

	@TempDir
	Path temp;

	@TestFactory
	Stream<DynamicTest> goldenCapturesPrintTheirJsonLines() {
		return CAPTURES.stream().map((capture) -> DynamicTest.dynamicTest(capture, () -> {
			Run run = run(GoldenFiles.capturesDirectory().resolve(capture).toString());
			assertThat(run.status).as(run.err).isEqualTo(SondeDecode.EXIT_OK);
			assertSameLines(capture, GoldenFiles.expectedLines(capture), run.lines());
		}));
	}

	@Test
	void truncatedPcapPrintsTheFramesBeforeTheCutThenExitsOne() throws IOException {
		assertCutCapturePrintsItsWholeFrames("int_md.pcap");
	}

	@Test
	void truncatedPcapngPrintsTheFramesBeforeTheCutThenExitsOne() throws IOException {
		assertCutCapturePrintsItsWholeFrames("reports.pcapng");
	}

	@Test
	void missingFileIsReportedAndTheNextFileStillDecoded() {
		Path missing = this.temp.resolve("missing.pcap");
		Run run = run(missing.toString(), golden("int_md.pcap"));
		assertThat(run.status).isEqualTo(SondeDecode.EXIT_UNREADABLE);
		assertThat(run.err).contains("missing.pcap").contains("no such file");
		assertSameLines("int_md.pcap", GoldenFiles.expectedLines("int_md.pcap"), run.lines());
	}

	@Test
	void fileThatIsNoCaptureExitsOne() throws IOException {
		Path text = Files.writeString(this.temp.resolve("notes.txt"), "not a capture at all, just words\n");
		Run run = run(text.toString());
		assertThat(run.status).isEqualTo(SondeDecode.EXIT_UNREADABLE);
		assertThat(run.out).isEmpty();
		assertThat(run.err).contains("notes.txt");
	}

	@Test
	void everyFileIsNumberedFromOne() {
		Run run = run(golden("third_party.pcap"), golden("int_md.pcap"));
		List<String> expected = new ArrayList<>(GoldenFiles.expectedLines("third_party.pcap"));
		expected.addAll(GoldenFiles.expectedLines("int_md.pcap"));
		assertThat(run.status).isEqualTo(SondeDecode.EXIT_OK);
		assertSameLines("two files", expected, run.lines());
	}

	@Test
	void dashReadsTheCaptureFromStandardInput() throws IOException {
		byte[] capture = Files.readAllBytes(GoldenFiles.capturesDirectory().resolve("reports.pcapng"));
		Run run = run(new ByteArrayInputStream(capture), "-");
		assertThat(run.status).isEqualTo(SondeDecode.EXIT_OK);
		assertSameLines("stdin", GoldenFiles.expectedLines("reports.pcapng"), run.lines());
	}

	@Test
	void reportPortDecodesReportsContentRecognitionCannotTell() throws IOException {
		Path capture = this.temp.resolve("no_inner.pcap");
		try (PcapWriter writer = PcapWriter.create(capture, LinkType.ETHERNET, 65535,
				PcapWriter.Resolution.MICROSECONDS)) {
			writer.write(Instant.parse("2024-06-01T12:00:00Z"), GoldenFiles.frame("tr2_0_no_inner"));
		}
		assertThat(run(capture.toString()).lines()).containsExactly("{\"frame\": 1, \"error\": \"not telemetry\"}");
		String report = GoldenFiles.expectedJson("tr2_0_no_inner");
		assertThat(run("--report-port", "32766", capture.toString()).lines()).containsExactly(report);
		assertThat(run("--report-port=32766", capture.toString()).lines()).containsExactly(report);
		assertThat(run("--report-port", "32767", capture.toString()).lines())
			.containsExactly("{\"frame\": 1, \"error\": \"not telemetry\"}");
	}

	@Test
	void labeledPacketsAndExportsPrintAsIntLabelLines() throws IOException {
		Path capture = this.temp.resolve("label.pcap");
		List<String> vectors = List.of("label_udp_first_1i", "label_specific_flow_5i", "label_udp_export_cut_3i",
				"malformed_label_truncated_item");
		try (PcapWriter writer = PcapWriter.create(capture, LinkType.ETHERNET, 65535,
				PcapWriter.Resolution.MICROSECONDS)) {
			for (String vector : vectors) {
				writer.write(Instant.parse("2024-06-01T12:00:00Z"),
						GoldenFiles.frame(GoldenFiles.labelVectorsDirectory(), vector));
			}
		}
		Run run = run(capture.toString());
		assertThat(run.status).as(run.err).isEqualTo(SondeDecode.EXIT_OK);
		List<String> expected = new ArrayList<>();
		for (int i = 0; i < vectors.size(); i++) {
			expected.add(GoldenFiles.expectedJson(GoldenFiles.labelVectorsDirectory(), vectors.get(i))
				.replace("{\"frame\": 1,", "{\"frame\": " + (i + 1) + ","));
		}
		assertSameLines("label.pcap", expected, run.lines());
		assertThat(run.lines().get(1)).contains("\"format\": \"INT-label\"", "\"specific_flow\": true",
				"\"reason\": \"specific_flow\"");
		assertThat(run.lines().get(3)).isEqualTo("{\"frame\": 4, \"error\": \"truncated\"}");
	}

	@Test
	void badCommandLinesExitTwoWithUsage() {
		for (String[] args : List.of(new String[0], new String[] { "--verbose", "x.pcap" },
				new String[] { "--report-port" }, new String[] { "--report-port", "http", "x.pcap" },
				new String[] { "--report-port", "0", "x.pcap" }, new String[] { "--report-port", "65536", "x.pcap" },
				new String[] { "--report-port", "4321" })) {
			Run run = run(args);
			assertThat(run.status).as(Arrays.toString(args)).isEqualTo(SondeDecode.EXIT_USAGE);
			assertThat(run.err).as(Arrays.toString(args)).contains("Usage: sonde-decode");
			assertThat(run.out).isEmpty();
		}
	}

	@Test
	void helpPrintsUsageAndExitsZero() {
		Run run = run("--help");
		assertThat(run.status).isEqualTo(SondeDecode.EXIT_OK);
		assertThat(run.out).contains("Usage: sonde-decode [--report-port N] FILE...");
		assertThat(run.err).isEmpty();
	}

	/**
	 * Cuts the capture in the middle of its last frame's record: every frame before it
	 * prints.
	 */
	private void assertCutCapturePrintsItsWholeFrames(String capture) throws IOException {
		byte[] whole = Files.readAllBytes(GoldenFiles.capturesDirectory().resolve(capture));
		Path cut = this.temp.resolve("cut-" + capture);
		Files.write(cut, Arrays.copyOf(whole, whole.length - 30));
		Run run = run(cut.toString());
		List<String> expected = GoldenFiles.expectedLines(capture);
		assertThat(run.status).isEqualTo(SondeDecode.EXIT_UNREADABLE);
		assertThat(run.err).contains(cut.getFileName().toString());
		assertSameLines(capture + " cut", expected.subList(0, expected.size() - 1), run.lines());
	}

	static void assertSameLines(String what, List<String> expected, List<String> printed) {
		for (int i = 0; i < Math.min(expected.size(), printed.size()); i++) {
			Optional<String> difference = JsonTrees.firstDifference(expected.get(i), printed.get(i));
			assertThat(difference).as("%s line %d: %s", what, i + 1, printed.get(i)).isEmpty();
			assertThat(printed.get(i)).as("%s line %d", what, i + 1).isEqualTo(expected.get(i));
		}
		assertThat(printed).as(what + ": number of lines").hasSameSizeAs(expected);
	}

	private static String golden(String capture) {
		return GoldenFiles.capturesDirectory().resolve(capture).toString();
	}

	private static Run run(String... args) {
		return run(InputStream.nullInputStream(), args);
	}

	private static Run run(InputStream stdin, String... args) {
		ByteArrayOutputStream out = new ByteArrayOutputStream();
		ByteArrayOutputStream err = new ByteArrayOutputStream();
		int status = SondeDecode.run(args, stdin, new PrintStream(out, true, StandardCharsets.UTF_8),
				new PrintStream(err, true, StandardCharsets.UTF_8));
		return new Run(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
	}

	record Run(int status, String out, String err) {

		List<String> lines() {
			return this.out.lines().toList();
		}

	}

}
