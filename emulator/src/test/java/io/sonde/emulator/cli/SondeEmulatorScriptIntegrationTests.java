package io.sonde.emulator.cli;

import java.io.IOException;
import java.net.ServerSocket;
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
 * The {@code sonde-emulator} script at the repository root, run as an operator runs it.
 */
class SondeEmulatorScriptIntegrationTests {

	/** Surefire runs in the module's folder: its parent is the repository root. */
	private static final Path REPOSITORY = Path.of("").toAbsolutePath().getParent();

	private static final Path SCRIPT = REPOSITORY.resolve("sonde-emulator");

	@Test
	void scriptRunsTheCommandLine() throws Exception {
		Path lib = REPOSITORY.resolve("emulator/target/lib");
		assumeTrue(Files.isDirectory(lib), "skipped: " + lib + " is missing; process-classes copies the jars there");

		Result result = execute(SCRIPT, "topology", "--help");

		assertThat(result.status()).as(result.err()).isZero();
		assertThat(result.out()).contains("Usage: emulator topology").contains("--export");
	}

	@Test
	void scriptExitsWithTheUsageCodeOnABadOption() throws Exception {
		assumeTrue(Files.isDirectory(REPOSITORY.resolve("emulator/target/lib")), "skipped: the jars are missing");

		Result result = execute(SCRIPT, "run", "--clock", "sideways");

		assertThat(result.status()).isEqualTo(2);
		assertThat(result.err()).contains("sideways");
	}

	@Test
	void scriptRunsCtlWhichSaysWhenNoEmulatorAnswers() throws Exception {
		assumeTrue(Files.isDirectory(REPOSITORY.resolve("emulator/target/lib")), "skipped: the jars are missing");
		int free;
		try (ServerSocket socket = new ServerSocket(0)) {
			free = socket.getLocalPort();
		}

		Result result = execute(SCRIPT, "ctl", "--port", String.valueOf(free), "status");

		assertThat(result.status()).isEqualTo(1);
		assertThat(result.err()).contains("no emulator control channel answers at 127.0.0.1:" + free);
	}

	@Test
	void scriptSaysToBuildFirstWhenTheModuleIsNotBuilt(@TempDir Path checkout) throws Exception {
		Path copy = Files.copy(SCRIPT, checkout.resolve("sonde-emulator"));

		Result result = execute(copy, "run");

		assertThat(result.status()).isEqualTo(3);
		assertThat(result.err()).contains("make build");
		assertThat(result.out()).isEmpty();
	}

	private static Result execute(Path script, String... args) throws IOException, InterruptedException {
		List<String> command = new ArrayList<>(List.of("bash", script.toString()));
		command.addAll(List.of(args));
		// Standard error to a file, so neither pipe can fill up while the other is read.
		Path err = Files.createTempFile("sonde-emulator", ".err");
		try {
			Process process = new ProcessBuilder(command).directory(REPOSITORY.toFile())
				.redirectError(err.toFile())
				.start();
			process.getOutputStream().close();
			byte[] out = process.getInputStream().readAllBytes();
			assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("sonde-emulator finished").isTrue();
			return new Result(process.exitValue(), new String(out, StandardCharsets.UTF_8),
					Files.readString(err, StandardCharsets.UTF_8));
		}
		finally {
			Files.deleteIfExists(err);
		}
	}

	private record Result(int status, String out, String err) {
	}

}
