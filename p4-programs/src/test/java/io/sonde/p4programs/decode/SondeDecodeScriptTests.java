package io.sonde.p4programs.decode;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The {@code sonde-decode} script at the repository root, run as an operator runs it.
 */
class SondeDecodeScriptTests {

	/** …/p4-programs/target/test-classes/pcap → the repository root. */
	private static final Path REPOSITORY = GoldenFiles.capturesDirectory()
		.getParent()
		.getParent()
		.getParent()
		.getParent();

	private static final Path SCRIPT = REPOSITORY.resolve("sonde-decode");

	@Test
	void scriptDecodesAGoldenCapture() throws Exception {
		Path lib = REPOSITORY.resolve("p4-programs/target/lib");
		assumeTrue(Files.isDirectory(lib),
				"skipped: " + lib + " is missing; the package phase (make build) copies the runtime jars there");
		Result result = execute(SCRIPT, GoldenFiles.capturesDirectory().resolve("int_md.pcap").toString());
		assertThat(result.status).as(result.err).isEqualTo(SondeDecode.EXIT_OK);
		SondeDecodeTests.assertSameLines("sonde-decode int_md.pcap", GoldenFiles.expectedLines("int_md.pcap"),
				result.out.lines().toList());
	}

	@Test
	void scriptSaysToBuildFirstWhenTheModuleIsNotBuilt(@TempDir Path checkout) throws Exception {
		Path copy = Files.copy(SCRIPT, checkout.resolve("sonde-decode"));
		Result result = execute(copy, "capture.pcap");
		assertThat(result.status).isEqualTo(3);
		assertThat(result.err).contains("make build");
		assertThat(result.out).isEmpty();
	}

	private static Result execute(Path script, String... args) throws IOException, InterruptedException {
		List<String> command = new ArrayList<>(List.of("bash", script.toString()));
		command.addAll(List.of(args));
		// Standard error to a file, so neither pipe can fill up while the other is read.
		Path err = Files.createTempFile("sonde-decode", ".err");
		try {
			Process process = new ProcessBuilder(command).directory(REPOSITORY.toFile())
				.redirectError(err.toFile())
				.start();
			process.getOutputStream().close();
			byte[] out = process.getInputStream().readAllBytes();
			assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("sonde-decode finished").isTrue();
			return new Result(process.exitValue(), new String(out, StandardCharsets.UTF_8),
					Files.readString(err, StandardCharsets.UTF_8));
		}
		finally {
			Files.deleteIfExists(err);
		}
	}

	record Result(int status, String out, String err) {

	}

}
