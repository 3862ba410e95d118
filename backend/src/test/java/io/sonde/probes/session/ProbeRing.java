package io.sonde.probes.session;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import io.sonde.emulator.net.Ipv4Address;
import io.sonde.emulator.net.LinkParameters;
import io.sonde.emulator.run.EmulatedNetwork;
import io.sonde.emulator.topology.Endpoint;
import io.sonde.emulator.topology.HostSpec;
import io.sonde.emulator.topology.LinkSpec;
import io.sonde.emulator.topology.SwitchSpec;
import io.sonde.emulator.topology.Topology;
import io.sonde.topology.ApiCaller;

import static io.sonde.topology.ApiCaller.OPERATOR_TOKEN;
import static io.sonde.topology.ApiCaller.VIEWER_TOKEN;
import static io.sonde.topology.ApiCaller.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A ring of emulated switches for probing tests, and the API steps every such test takes:
 * import the topology, register its switches, run a session and wait for its end.
 */
final class ProbeRing {

	static final Duration SETTLE = Duration.ofSeconds(60);

	private ProbeRing() {
	}

	/**
	 * {@code s1 .. sN} in a ring (port 2 of each to port 1 of the next), a host on port 3
	 * of s1 and of s3; 1 Gbit/s, 50 µs links.
	 */
	static Topology ring(int switches) {
		List<SwitchSpec> nodes = new ArrayList<>();
		List<LinkSpec> links = new ArrayList<>();
		LinkParameters link = LinkParameters.ethernet(LinkParameters.GIGABIT, 50_000, 1000);
		for (int i = 1; i <= switches; i++) {
			nodes.add(new SwitchSpec("s" + i, i, 0, SwitchSpec.defaultMac(i), "switch"));
			links.add(new LinkSpec(new Endpoint("s" + i, 2), new Endpoint("s" + (i % switches + 1), 1), link));
		}
		List<HostSpec> hosts = List.of(HostSpec.of("h1", Ipv4Address.of(10, 0, 0, 1)),
				HostSpec.of("h3", Ipv4Address.of(10, 0, 0, 3)));
		links.add(new LinkSpec(new Endpoint("h1", 1), new Endpoint("s1", 3), link));
		links.add(new LinkSpec(new Endpoint("h3", 1), new Endpoint("s3", 3), link));
		return new Topology("ring-" + switches, nodes, hosts, links);
	}

	/**
	 * Imports the running network's topology and registers its switches; waits until each
	 * is in sync.
	 */
	static void importAndRegister(ApiCaller api, EmulatedNetwork network) throws IOException {
		Path export = Files.createTempFile("probe-ring", ".json");
		try {
			network.export(export);
			assertThat(api.postJson("/api/v1/topology", Files.readString(export), OPERATOR_TOKEN).statusCode())
				.isEqualTo(200);
		}
		finally {
			Files.delete(export);
		}
		assertThat(api.postJson("/api/v1/switches/from-topology", "", OPERATOR_TOKEN).statusCode()).isEqualTo(200);
		await().atMost(SETTLE).untilAsserted(() -> {
			for (SwitchSpec node : network.topology().switches()) {
				JsonNode diff = json(api.get("/api/v1/switches/" + node.name() + "/diff", VIEWER_TOKEN));
				assertThat(diff.get("changes")).as(node.name() + ": " + diff).isEmpty();
			}
		});
	}

	/** Starts a session through the API and waits until it has ended. */
	static JsonNode runSession(ApiCaller api, String body) {
		var started = api.postJson("/api/v1/probes/sessions", body, OPERATOR_TOKEN);
		assertThat(started.statusCode()).as(started.body()).isEqualTo(202);
		String location = started.headers().firstValue("Location").orElseThrow();
		assertThat(json(started).get("status").asText()).isEqualTo("RUNNING");
		JsonNode[] ended = new JsonNode[1];
		await().atMost(SETTLE).pollInterval(Duration.ofMillis(100)).untilAsserted(() -> {
			JsonNode session = json(api.get(location, VIEWER_TOKEN));
			assertThat(session.get("status").asText()).as(session.toString()).isNotEqualTo("RUNNING");
			ended[0] = session;
		});
		return ended[0];
	}

	/** Whether any path of the session walks from a to b or b to a. */
	static boolean walks(JsonNode session, String a, String b) {
		for (JsonNode path : session.get("paths")) {
			for (int i = 0; i + 1 < path.get("switches").size(); i++) {
				String here = path.get("switches").get(i).asText();
				String next = path.get("switches").get(i + 1).asText();
				if ((here.equals(a) && next.equals(b)) || (here.equals(b) && next.equals(a))) {
					return true;
				}
			}
		}
		return false;
	}

	static List<String> texts(JsonNode array) {
		List<String> texts = new ArrayList<>();
		array.forEach((node) -> texts.add(node.asText()));
		return texts;
	}

}
