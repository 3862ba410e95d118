package io.sonde.p4programs;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The committed P4Info and BMv2 JSON are what p4c makes of the P4 source today. p4c is
 * {@code $P4C} or {@code p4c-bm2-ss} on the PATH; where neither exists the check is
 * skipped, saying so ({@code make test} points P4C at ../shared/tools/p4c where it is).
 */
class P4cArtifactsTests {

	private static final Path SOURCE = Path.of("src/main/p4");

	private static final Path OUT = Path.of("target/p4c");

	private static final String REGENERATE = "the committed artifact is not what p4c makes of src/main/p4: "
			+ "run `make p4-artifacts` and commit the result";

	@BeforeAll
	static void compile() throws IOException, InterruptedException {
		Optional<Path> p4c = p4c();
		Assumptions.assumeTrue(p4c.isPresent(),
				"p4c-bm2-ss not found (set P4C or put it on PATH): the committed P4Info and BMv2 JSON are not checked");
		Files.createDirectories(OUT);
		Process compile = new ProcessBuilder(p4c.get().toString(), "--arch", "v1model", "--std", "p4-16",
				"--p4runtime-files", OUT.toAbsolutePath().resolve("sonde.p4info.txtpb").toString(), "-o",
				OUT.toAbsolutePath().resolve("sonde.json").toString(), "sonde.p4")
			.directory(SOURCE.toFile())
			.redirectErrorStream(true)
			.redirectOutput(OUT.resolve("p4c.log").toFile())
			.start();
		assertThat(compile.waitFor(10, TimeUnit.MINUTES)).as("p4c finished").isTrue();
		assertThat(compile.exitValue()).as("p4c's exit status (log: %s)", Files.readString(OUT.resolve("p4c.log")))
			.isZero();
	}

	/**
	 * p4c 1.2.4.8 warns about every table with an action selector that BMv2 runs no
	 * default action there (forwarding.p4 says why that is what P4Runtime asks); any
	 * other output is a finding.
	 */
	@Test
	void compilesWithoutWarningsButTheSelectorTablesDefault() throws IOException {
		String log = Files.readString(OUT.resolve("p4c.log"));
		String selectorDefault = "forwarding\\.p4\\(\\d+\\): \\[--Wwarn=unsupported\\] warning: Target does not support "
				+ "default_action for SondeIngress.forwarding.next_hop \\(due to action profiles\\)\\n.*\\n.*\\^+\\n?";
		assertThat(log.replaceFirst(selectorDefault, "")).as("p4c's output").isEmpty();
	}

	@Test
	void committedP4InfoIsTheGeneratedOne() throws IOException {
		String committed = Files.readString(Path.of("src/main/resources").resolve(SondePipeline.P4INFO_RESOURCE));
		assertThat(committed).as(REGENERATE).isEqualTo(Files.readString(OUT.resolve("sonde.p4info.txtpb")));
	}

	@Test
	void committedBmv2JsonIsTheGeneratedOne() throws IOException {
		byte[] generated = Files.readAllBytes(OUT.resolve("sonde.json"));
		byte[] committed = SondeDeviceConfig.bmv2().json();
		assertThat(Arrays.equals(committed, generated))
			.as(REGENERATE + " (%d bytes committed, %d generated)", committed.length, generated.length)
			.isTrue();
		assertThat(new String(committed, StandardCharsets.UTF_8)).as("no machine's path in the JSON")
			.doesNotContain("/work/")
			.doesNotContain("/home/");
	}

	/** {@code $P4C}, else {@code p4c-bm2-ss} on the PATH. */
	static Optional<Path> p4c() {
		String configured = System.getenv("P4C");
		if (configured != null && !configured.isBlank()) {
			return Optional.of(Path.of(configured)).filter(Files::isExecutable);
		}
		return Arrays.stream(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
			.map((folder) -> Path.of(folder, "p4c-bm2-ss"))
			.filter(Files::isExecutable)
			.findFirst();
	}

}
