package io.sonde.e2e.probes;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code ./sonde-probes plan} as operators run it: the launcher at the repository's root
 * over the packaged backend, on the topology files the emulator reads.
 */
class SondeProbesScriptIntegrationTests {

	private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

	private static final Path LINE = ROOT.resolve("emulator/src/test/resources/topology/three-switch-line.json");

	@Test
	void plansGpintPathsOverATopologyFileAndPrintsThemAsJson() throws Exception {
		Run run = sondeProbes("plan", "--topology", LINE.toString(), "--algorithm", "gpint", "--k", "1", "--seed", "7");

		assertThat(run.exit()).as(run.stderr()).isZero();
		JsonNode plan = new ObjectMapper().readTree(run.stdout());
		assertThat(plan.get("algorithm").asText()).isEqualToIgnoringCase("gpint");
		assertThat(plan.get("k").asInt()).isEqualTo(1);
		assertThat(plan.get("paths")).hasSize(1);
		List<String> path = new ArrayList<>();
		plan.get("paths").get(0).forEach((name) -> path.add(name.asText()));
		assertThat(path).containsExactlyInAnyOrder("s1", "s2", "s3");
		assertThat(path.get(1)).as("the middle switch is in the middle of a walkable path").isEqualTo("s2");
		assertThat(plan.at("/coverage/nodes").asDouble()).isEqualTo(1.0);
		assertThat(plan.at("/lengths/max").asInt()).isEqualTo(3);
	}

	@Test
	void plansTheEulerBaselineCoveringEveryLink() throws Exception {
		Run run = sondeProbes("plan", "--topology", LINE.toString(), "--algorithm", "euler");

		assertThat(run.exit()).as(run.stderr()).isZero();
		JsonNode plan = new ObjectMapper().readTree(run.stdout());
		assertThat(plan.get("paths")).hasSize(1);
		assertThat(plan.at("/coverage/edges").asDouble()).isEqualTo(1.0);
	}

	@Test
	void exitsWithTwoAndSaysWhyOnAFileThatIsNoTopology(@TempDir Path dir) throws Exception {
		Path bad = Files.writeString(dir.resolve("bad.json"), "{\"switches\": 3}");

		Run run = sondeProbes("plan", "--topology", bad.toString(), "--algorithm", "gpint");

		assertThat(run.exit()).isEqualTo(2);
		assertThat(run.stderr()).contains("bad.json");
		assertThat(run.stdout()).isEmpty();
	}

	private static Run sondeProbes(String... arguments) throws IOException, InterruptedException {
		List<String> command = new ArrayList<>();
		command.add(ROOT.resolve("sonde-probes").toString());
		command.addAll(List.of(arguments));
		Path errors = Files.createTempFile("sonde-probes", ".err");
		try {
			Process process = new ProcessBuilder(command).directory(ROOT.toFile())
				.redirectError(errors.toFile())
				.start();
			process.getOutputStream().close();
			byte[] out = process.getInputStream().readAllBytes();
			// The first run lays the backend out and records its class data archive.
			assertThat(process.waitFor(5, TimeUnit.MINUTES)).as("sonde-probes finished").isTrue();
			return new Run(process.exitValue(), new String(out, StandardCharsets.UTF_8), Files.readString(errors));
		}
		finally {
			Files.delete(errors);
		}
	}

	private record Run(int exit, String stdout, String stderr) {
	}

}
