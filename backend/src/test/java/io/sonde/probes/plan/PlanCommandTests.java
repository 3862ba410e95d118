package io.sonde.probes.plan;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code ./sonde-probes plan} through its main class on topology files: the plan as JSON,
 * and exit 2 with a message for a bad file, bad arguments or an unknown switch.
 */
class PlanCommandTests {

	private static final ObjectMapper JSON = new ObjectMapper();

	@TempDir
	Path scratch;

	/**
	 * A ring of six switches s1..s6 with a chord s1-s4, two hosts, P4Runtime ports left
	 * out.
	 */
	private Path ringFile() throws IOException {
		StringBuilder links = new StringBuilder();
		for (int i = 1; i <= 6; i++) {
			links.append("{ \"a\": \"s").append(i).append(":1\", \"b\": \"s").append(i % 6 + 1).append(":2\" },\n");
		}
		links.append("{ \"a\": \"s1:3\", \"b\": \"s4:3\" },\n");
		links.append("{ \"a\": \"h1:1\", \"b\": \"s1:4\" }, { \"a\": \"h2:1\", \"b\": \"s4:4\" }");
		StringBuilder switches = new StringBuilder();
		for (int i = 1; i <= 6; i++) {
			switches.append((i > 1) ? ",\n" : "")
				.append("{ \"name\": \"s")
				.append(i)
				.append("\", \"deviceId\": ")
				.append(i)
				.append(" }");
		}
		String document = """
				{ "format": "sonde-topology", "version": 1, "name": "ring-6",
				  "switches": [ %s ],
				  "hosts": [ { "name": "h1", "ipv4": "10.0.1.2" }, { "name": "h2", "ipv4": "10.0.4.2" } ],
				  "links": [ %s ] }
				""".formatted(switches, links);
		Path file = this.scratch.resolve("ring-6.json");
		Files.writeString(file, document);
		return file;
	}

	@Test
	void printsAGpintPlanAsJson() throws IOException {
		Result result = run("plan", "--topology", ringFile().toString(), "--algorithm", "gpint", "--k", "2", "--seed",
				"4");

		assertThat(result.status).as(result.err).isZero();
		JsonNode plan = JSON.readTree(result.out);
		assertThat(plan.get("algorithm").asText()).isEqualTo("gpint");
		assertThat(plan.get("k").asInt()).isEqualTo(2);
		List<String> covered = new ArrayList<>();
		plan.get("paths").forEach((path) -> path.forEach((name) -> covered.add(name.asText())));
		assertThat(covered).containsExactlyInAnyOrder("s1", "s2", "s3", "s4", "s5", "s6");
		assertThat(plan.get("lengths").get("max").asInt()).isEqualTo(3);
		assertThat(plan.get("lengths").get("mean").asDouble()).isEqualTo(3.0);
		assertThat(plan.get("coverage").get("nodes").asDouble()).isEqualTo(1.0);
		assertThat(plan.get("overlaps").asInt()).isZero();
		assertThat(
				run("plan", "--topology", ringFile().toString(), "--algorithm", "gpint", "--k", "2", "--seed", "4").out)
			.isEqualTo(result.out);
	}

	@Test
	void printsAnEulerPlanCoveringEveryLinkOnce() throws IOException {
		Result result = run("plan", "--topology", ringFile().toString(), "--algorithm", "euler");

		assertThat(result.status).as(result.err).isZero();
		JsonNode plan = JSON.readTree(result.out);
		// s1 and s4 have degree 3: one trail from one to the other over all seven links.
		assertThat(plan.get("k").asInt()).isEqualTo(1);
		assertThat(plan.get("paths").get(0)).hasSize(8);
		assertThat(plan.get("coverage").get("edges").asDouble()).isEqualTo(1.0);
	}

	@Test
	void plansAroundAnAvoidedSwitchAndLink() throws IOException {
		Result result = run("plan", "--topology", ringFile().toString(), "--algorithm", "gpint", "--c", "5",
				"--avoid-switch", "s2", "--avoid-link", "s4,s1");

		assertThat(result.status).as(result.err).isZero();
		JsonNode plan = JSON.readTree(result.out);
		assertThat(plan.get("k").asInt()).isEqualTo(2);
		assertThat(plan.get("paths").toString()).doesNotContain("\"s2\"");
		assertThat(plan.get("coverage").get("nodes").asDouble()).isEqualTo(5 / 6.0);
	}

	@Test
	void exitsWithTwoOnAnUnknownSwitch() throws IOException {
		Result result = run("plan", "--topology", ringFile().toString(), "--algorithm", "gpint", "--avoid-switch",
				"s9");

		assertThat(result.status).isEqualTo(2);
		assertThat(result.err).contains("no switch named 's9'");
		assertThat(result.out).isEmpty();
	}

	@Test
	void exitsWithTwoOnABadFile() throws IOException {
		Path broken = this.scratch.resolve("broken.json");
		Files.writeString(broken, "{ \"format\": \"sonde-topology\", \"version\": 2 }");

		Result bad = run("plan", "--topology", broken.toString(), "--algorithm", "gpint");
		Result missing = run("plan", "--topology", this.scratch.resolve("none.json").toString(), "--algorithm",
				"gpint");

		assertThat(bad.status).isEqualTo(2);
		assertThat(bad.err).contains("bad topology file").contains("version");
		assertThat(missing.status).isEqualTo(2);
		assertThat(missing.err).contains("no topology file");
	}

	@Test
	void exitsWithTwoOnBadArguments() throws IOException {
		String file = ringFile().toString();

		assertThat(run("plan", "--topology", file, "--algorithm", "bfs").err).contains("unknown algorithm 'bfs'");
		assertThat(run("plan", "--topology", file, "--algorithm", "gpint", "--k", "0").status).isEqualTo(2);
		assertThat(run("plan", "--topology", file, "--algorithm", "gpint", "--k", "2", "--c", "3").err)
			.contains("give k or c, not both");
		assertThat(run("plan", "--topology", file, "--algorithm", "gpint", "--c", "-1").status).isEqualTo(2);
		assertThat(run("plan", "--topology", file, "--algorithm", "gpint", "--k", "two").err)
			.contains("--k takes a number");
		assertThat(run("plan", "--algorithm", "gpint").err).contains("--topology FILE is required");
		assertThat(run("draw", "--topology", file).status).isEqualTo(2);
		assertThat(run("plan", "--topology", file, "--algorithm", "gpint", "--avoid-link", "s1").err)
			.contains("--avoid-link takes two switch names");
	}

	private static Result run(String... args) {
		ByteArrayOutputStream out = new ByteArrayOutputStream();
		ByteArrayOutputStream err = new ByteArrayOutputStream();
		int status = PlanCommand.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
				new PrintStream(err, true, StandardCharsets.UTF_8));
		return new Result(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
	}

	private record Result(int status, String out, String err) {
	}

}
