package io.sonde.switches;

import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketTimeoutException;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.HexFormat;
import java.util.SplittableRandom;

import com.fasterxml.jackson.databind.JsonNode;
import io.sonde.SondeApplication;
import io.sonde.emulator.run.EmulatedNetwork;
import io.sonde.emulator.run.EmulationOptions;
import io.sonde.emulator.topology.FatTree;
import io.sonde.emulator.topology.HostSpec;
import io.sonde.emulator.topology.SwitchSpec;
import io.sonde.emulator.topology.Topology;
import io.sonde.emulator.traffic.FlowSets;
import io.sonde.emulator.traffic.FlowSpec;
import io.sonde.emulator.traffic.PoissonArrivals;
import io.sonde.emulator.traffic.TransportProtocol;
import io.sonde.p4programs.codec.TelemetryReport;
import io.sonde.p4programs.codec.TelemetryReportCodec;
import io.sonde.p4programs.codec.TelemetryReportV20;
import io.sonde.p4programs.entries.SondeEntities;
import io.sonde.switches.internal.ManagedSwitches;
import io.sonde.testsupport.FastSwitchTimings;
import io.sonde.testsupport.OwnBackendContext;
import io.sonde.testsupport.RedisServerProcess;
import io.sonde.topology.ApiCaller;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.context.event.EventListener;
import org.springframework.context.ConfigurableApplicationContext;

import static io.sonde.topology.ApiCaller.OPERATOR_TOKEN;
import static io.sonde.topology.ApiCaller.VIEWER_TOKEN;
import static io.sonde.topology.ApiCaller.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Switch management against an emulated FatTree(4) of real P4Runtime switches running
 * sonde.p4: all 20 switches added through the REST API get the pipeline and their routes,
 * the INT configuration (sources and sinks on the edge, transit everywhere) makes the
 * sinks report to a UDP socket here; a restarted switch is reconciled back entry by entry
 * within 10 s; invalid INT configuration is refused with 400 and writes nothing; a backup
 * replica of the backend takes over when the primary's connections go away.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Import(SwitchManagementIntegrationTests.TestRoutes.class)
class SwitchManagementIntegrationTests extends OwnBackendContext {

	private static final long ELECTION_ID = 10;

	private static final Duration SETTLE = Duration.ofSeconds(30);

	private static final DatagramSocket collector = openCollector();

	private static final Topology fatTree = FatTree.build(4);

	private static final EmulatedNetwork network = EmulatedNetwork.start(fatTree,
			EmulationOptions.DEFAULTS.withP4RuntimeBasePort(0)
				.withCollector(new InetSocketAddress(InetAddress.getLoopbackAddress(), collector.getLocalPort())));

	@AfterAll
	static void stopEverything() {
		network.close();
		collector.close();
	}

	private static final byte[] PUNT_PAYLOAD = "sonde packet-out".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

	@Autowired
	PacketInsSeen packetIns;

	@Autowired
	ManagedSwitches managed;

	@Autowired
	RedisServerProcess redis;

	/**
	 * A route that punts one address to agg-0-0's CPU port: desired state from a test
	 * contributor.
	 */
	@TestConfiguration
	static class TestRoutes {

		static final int PUNTED = 0x0AFF_FF01;

		@Bean
		DesiredStateContributor puntRoute() {
			SondeEntities entities = SondeEntities.ofPipeline();
			return new DesiredStateContributor() {

				@Override
				public String name() {
					return "test punt route";
				}

				@Override
				public List<p4.v1.Entity> entitiesFor(SwitchDevice device) {
					return device.name().equals("agg-0-0") ? List.of(entities.route(PUNTED, 32, 510, 0x0200_0000_0001L))
							: List.of();
				}

			};
		}

		@Bean
		PacketInsSeen packetInsSeen() {
			return new PacketInsSeen();
		}

	}

	/** Every PacketInReceived event of the context. */
	static class PacketInsSeen extends java.util.concurrent.CopyOnWriteArrayList<PacketInReceived> {

		@EventListener
		void seen(PacketInReceived packet) {
			add(packet);
		}

	}

	@Test
	@Order(1)
	void addsTwentySwitchesConfiguresIntAndReceivesReports() throws Exception {
		Path export = Files.createTempFile("fattree", ".json");
		network.export(export);
		assertThat(this.api.postJson("/api/v1/topology", Files.readString(export), OPERATOR_TOKEN).statusCode())
			.isEqualTo(200);
		for (SwitchSpec node : network.topology().switches()) {
			HttpResponse<String> added = this.api.postJson("/api/v1/switches",
					"{\"name\":\"" + node.name() + "\",\"host\":\"127.0.0.1\",\"port\":" + node.p4RuntimePort()
							+ ",\"deviceId\":" + node.deviceId() + ",\"electionId\":" + ELECTION_ID + "}",
					OPERATOR_TOKEN);
			assertThat(added.statusCode()).as(added.body()).isEqualTo(201);
		}
		await().atMost(SETTLE).untilAsserted(() -> {
			JsonNode all = json(this.api.get("/api/v1/switches", VIEWER_TOKEN));
			assertThat(all).hasSize(20);
			for (JsonNode view : all) {
				assertThat(view.at("/connection/state").asText()).as(view.at("/device/name").asText())
					.isEqualTo("PRIMARY");
				assertThat(view.at("/connection/lastReconcile/failed")).isEmpty();
			}
		});
		for (SwitchSpec node : network.topology().switches()) {
			assertThat(network.switchNamed(node.name()).server().hasPipeline()).as(node.name()).isTrue();
		}

		HttpResponse<String> applied = this.api.putJson("/api/v1/int/config?comment=edge%20INT", intConfig(true),
				OPERATOR_TOKEN);
		assertThat(applied.statusCode()).as(applied.body()).isEqualTo(200);
		assertThat(json(applied).get("author").asText()).isEqualTo(ApiCaller.OPERATOR_TOKEN_NAME);
		await().atMost(SETTLE).untilAsserted(() -> {
			for (SwitchSpec node : network.topology().switches()) {
				JsonNode diff = json(this.api.get("/api/v1/switches/" + node.name() + "/diff", VIEWER_TOKEN));
				assertThat(diff.get("changes")).as(node.name() + ": " + diff).isEmpty();
			}
		});
		JsonNode watchlist = json(this.api
			.get("/api/v1/switches/edge-0-0/tables?name=SondeIngress.int_source.int_watchlist", VIEWER_TOKEN));
		assertThat(watchlist).hasSize(1);
		assertThat(watchlist.get(0).at("/value/action").asText()).isEqualTo("SondeIngress.int_source.insert_int");

		List<String> hosts = fatTree.hosts().stream().map(HostSpec::name).toList();
		List<FlowSpec> flows = FlowSets.randomPairs(hosts, 16, TransportProtocol.UDP, 500, new PoissonArrivals(100),
				new SplittableRandom(5));
		network.startTraffic(flows, Duration.ofSeconds(1));
		network.runFor(Duration.ofSeconds(2));

		Set<Long> edgeIds = new HashSet<>();
		fatTree.switches()
			.stream()
			.filter((s) -> s.name().startsWith("edge"))
			.forEach((s) -> edgeIds.add(s.deviceId()));
		List<TelemetryReportV20> reports = receiveReports(Duration.ofSeconds(5));
		assertThat(reports).as("reports from the sinks").hasSizeGreaterThan(50);
		for (TelemetryReportV20 report : reports) {
			assertThat(report.nodeId()).as("a report comes from an edge switch (a sink)").isIn(edgeIds);
		}
	}

	@Test
	@Order(2)
	void pollsPortCountersOneCellPerRequestAndCarriesPacketOutToPacketIn() throws Exception {
		JsonNode round = json(this.api.postJson("/api/v1/polling/rounds", "", OPERATOR_TOKEN));
		assertThat(round.get("switches")).hasSize(20);
		assertThat(round.get("concurrency").asInt()).isEqualTo(12);
		assertThat(round.get("reads").asInt()).as("ingress and egress cell of each of 4 ports, 20 switches")
			.isEqualTo(20 * 4 * 2);
		long forwarded = 0;
		for (JsonNode poll : round.get("switches")) {
			assertThat(poll.get("error").isNull()).as(poll.toString()).isTrue();
			forwarded += poll.get("packetsIn").asLong();
		}
		assertThat(forwarded).as("the traffic of the first test was counted").isPositive();
		assertThat(round.get("durationMillis").asDouble()).isPositive();

		// agg-0-0 punts 10.255.255.1 to its CPU port (TestRoutes); edge-0-0 sends such a
		// frame up to it.
		int uplink = fatTree.links()
			.stream()
			.filter((link) -> link.a().node().equals("edge-0-0") && link.b().node().equals("agg-0-0")
					|| link.b().node().equals("edge-0-0") && link.a().node().equals("agg-0-0"))
			.map((link) -> link.a().node().equals("edge-0-0") ? link.a().port() : link.b().port())
			.findFirst()
			.orElseThrow();
		this.packetIns.clear();
		long packetOutsBefore = network.switchNamed("edge-0-0").packetOuts();
		HttpResponse<String> sent = this.api.postJson("/api/v1/switches/edge-0-0/packet-out",
				"{\"egressPort\":" + uplink + ",\"frameHex\":\"" + HexFormat.of().formatHex(punted()) + "\"}",
				OPERATOR_TOKEN);
		assertThat(sent.statusCode()).as(sent.body()).isEqualTo(202);
		// 202: the backend took it; the switch gets it over gRPC a moment later, and
		// virtual time only moves in runFor: keep it moving (on this thread) until the
		// frame is through.
		await().atMost(Duration.ofSeconds(10)).pollInSameThread().untilAsserted(() -> {
			network.runFor(Duration.ofMillis(10));
			assertThat(network.switchNamed("edge-0-0").packetOuts()).isGreaterThan(packetOutsBefore);
			assertThat(this.packetIns).anySatisfy((packet) -> {
				assertThat(packet.switchName()).isEqualTo("agg-0-0");
				assertThat(packet.payload()).endsWith(PUNT_PAYLOAD);
			});
		});
	}

	@Test
	@Order(3)
	void aRestartedSwitchIsReconciledBackEntryByEntryWithinTenSeconds() {
		String name = "edge-1-1";
		int expected = json(this.api.get("/api/v1/switches/" + name + "/diff", VIEWER_TOKEN)).get("expected").asInt();
		Instant restarted = Instant.now();

		network.switchNamed(name).server().restart();

		await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(100)).untilAsserted(() -> {
			JsonNode view = json(this.api.get("/api/v1/switches/" + name, VIEWER_TOKEN));
			JsonNode reconcile = view.at("/connection/lastReconcile");
			assertThat(Instant.parse(reconcile.get("at").asText())).isAfter(restarted);
			assertThat(reconcile.get("pipelinePushed").asBoolean()).isTrue();
		});
		JsonNode reconcile = json(this.api.get("/api/v1/switches/" + name, VIEWER_TOKEN))
			.at("/connection/lastReconcile");
		assertThat(reconcile.get("applied")).as("every wanted entity was written back").hasSize(expected);
		assertThat(reconcile.get("failed")).isEmpty();
		JsonNode diff = json(this.api.get("/api/v1/switches/" + name + "/diff", VIEWER_TOKEN));
		assertThat(diff.get("matching").asInt()).as("compared one by one, all match").isEqualTo(expected);
		assertThat(diff.get("changes")).isEmpty();
	}

	@Test
	@Order(4)
	void invalidIntConfigurationIsRefusedAndWritesNothing() {
		long version = json(this.api.get("/api/v1/int/config", VIEWER_TOKEN)).get("version").asLong();
		String tablesBefore = this.api.get("/api/v1/switches/edge-0-1/tables", VIEWER_TOKEN).body();
		String invalid = intConfig(true).replace("\"maxHops\":8", "\"maxHops\":12");

		HttpResponse<String> refused = this.api.putJson("/api/v1/int/config", invalid, OPERATOR_TOKEN);

		assertThat(refused.statusCode()).isEqualTo(400);
		assertThat(refused.headers().firstValue("Content-Type"))
			.hasValueSatisfying((type) -> assertThat(type).startsWith("application/problem+json"));
		int firstEdge = fatTree.switches().indexOf(fatTree.switchNamed("edge-0-0").orElseThrow());
		assertThat(json(refused).get("field").asText()).isEqualTo("switches[" + firstEdge + "].watchlist[0].maxHops");
		assertThat(json(this.api.get("/api/v1/int/config", VIEWER_TOKEN)).get("version").asLong()).isEqualTo(version);
		assertThat(this.api.get("/api/v1/switches/edge-0-1/tables", VIEWER_TOKEN).body()).isEqualTo(tablesBefore);

		HttpResponse<String> badCollector = this.api.putJson("/api/v1/int/config",
				intConfig(true).replace("\"collectorIp\":\"127.0.0.1\"", "\"collectorIp\":\"127.0.0\""),
				OPERATOR_TOKEN);
		assertThat(badCollector.statusCode()).isEqualTo(400);
		assertThat(json(badCollector).get("field").asText()).isEqualTo("report.collectorIp");
		HttpResponse<String> byViewer = this.api.putJson("/api/v1/int/config", intConfig(true), VIEWER_TOKEN);
		assertThat(byViewer.statusCode()).isEqualTo(403);
	}

	@Test
	@Order(5)
	void dryRunShowsTheUpdatesAndRollbackRestoresAnEarlierVersion() {
		long first = json(this.api.get("/api/v1/int/config", VIEWER_TOKEN)).get("version").asLong();
		JsonNode plan = json(this.api.postJson("/api/v1/int/config/dry-run", intConfig(false), OPERATOR_TOKEN));
		assertThat(plan.get("baseVersion").asLong()).isEqualTo(first);
		assertThat(plan.get("switches")).as("dropping the sources changes the 8 edge switches").hasSize(8);
		assertThat(plan.at("/switches/0/updates/0/update").asText()).isEqualTo("DELETE");
		assertThat(plan.at("/switches/0/updates/0/entity").asText())
			.startsWith("SondeIngress.int_source.int_watchlist");

		JsonNode second = json(this.api.putJson("/api/v1/int/config", intConfig(false), OPERATOR_TOKEN));
		await().atMost(SETTLE)
			.untilAsserted(() -> assertThat(json(this.api
				.get("/api/v1/switches/edge-0-0/tables?name=SondeIngress.int_source.int_watchlist", VIEWER_TOKEN)))
				.isEmpty());

		JsonNode third = json(
				this.api.postJson("/api/v1/int/config/versions/" + first + "/rollback", "", OPERATOR_TOKEN));
		assertThat(third.get("version").asLong()).isEqualTo(second.get("version").asLong() + 1);
		assertThat(third.get("comment").asText()).isEqualTo("rollback to version " + first);
		await().atMost(SETTLE)
			.untilAsserted(() -> assertThat(json(this.api
				.get("/api/v1/switches/edge-0-0/tables?name=SondeIngress.int_source.int_watchlist", VIEWER_TOKEN)))
				.hasSize(1));
		assertThat(json(this.api.get("/api/v1/int/config/versions", VIEWER_TOKEN))).hasSize(3);
	}

	@Test
	@Order(6)
	void aBackupReplicaBecomesPrimaryWhenThePrimaryDisconnects() {
		// Arguments, not default properties: application.yml would override those.
		List<String> arguments = new ArrayList<>(List.of("--server.port=0",
				"--spring.data.redis.port=" + this.redis.port(), "--sonde.switches.election-id-offset=-1"));
		arguments.addAll(FastSwitchTimings.ARGUMENTS);
		ConfigurableApplicationContext backup = new SpringApplicationBuilder(SondeApplication.class, TestRoutes.class)
			.run(arguments.toArray(String[]::new));
		try {
			SwitchManagement replica = backup.getBean(SwitchManagement.class);
			await().atMost(SETTLE).untilAsserted(() -> {
				assertThat(replica.switches()).hasSize(20);
				replica.switches()
					.forEach((view) -> assertThat(view.connection().state()).as(view.name())
						.isEqualTo(ConnectionState.BACKUP));
			});

			this.managed.stop();

			await().atMost(SETTLE)
				.untilAsserted(() -> replica.switches()
					.forEach((view) -> assertThat(view.connection().state()).as(view.name())
						.isEqualTo(ConnectionState.PRIMARY)));
			for (SwitchView view : replica.switches()) {
				assertThat(view.connection().electionId()).as("took over above the old primary's id")
					.isGreaterThan(ELECTION_ID);
				assertThat(replica.diff(view.name()).inSync()).as(view.name() + " kept its state").isTrue();
			}
		}
		finally {
			backup.close();
		}
	}

	@Test
	@Order(7)
	void theOpenApiDescriptionCoversSwitchManagement() {
		JsonNode paths = json(this.api.get("/v3/api-docs", VIEWER_TOKEN)).get("paths");

		for (String path : List.of("/api/v1/switches", "/api/v1/switches/{name}", "/api/v1/switches/{name}/diff",
				"/api/v1/switches/{name}/reconcile", "/api/v1/switches/{name}/pipeline",
				"/api/v1/switches/{name}/tables", "/api/v1/switches/{name}/packet-out", "/api/v1/int/config",
				"/api/v1/int/config/dry-run", "/api/v1/int/config/versions/{version}/rollback",
				"/api/v1/polling/rounds", "/api/v1/topology/generated")) {
			assertThat(paths.has(path)).as(path).isTrue();
		}
		assertThat(paths.at("/~1api~1v1~1switches/post/tags/0").asText()).isEqualTo("Switches");
	}

	/** An Ethernet/IPv4/UDP frame to {@link TestRoutes#PUNTED}. */
	private static byte[] punted() {
		byte[] frame = new byte[14 + 20 + 8 + PUNT_PAYLOAD.length];
		java.nio.ByteBuffer out = java.nio.ByteBuffer.wrap(frame);
		out.put(new byte[] { 2, 0, 0, 0, 0, 1, 2, 0, 0, 0, 0, 2 }).putShort((short) 0x0800);
		out.put((byte) 0x45).put((byte) 0).putShort((short) (20 + 8 + PUNT_PAYLOAD.length)).putInt(0);
		out.put((byte) 64).put((byte) 17).putShort((short) 0).putInt(0x0A00_0002).putInt(TestRoutes.PUNTED);
		int sum = 0;
		for (int i = 14; i < 34; i += 2) {
			sum += ((frame[i] & 0xFF) << 8) | (frame[i + 1] & 0xFF);
		}
		sum = (sum & 0xFFFF) + (sum >>> 16);
		sum = (sum & 0xFFFF) + (sum >>> 16);
		frame[24] = (byte) (~sum >>> 8);
		frame[25] = (byte) ~sum;
		out.position(34);
		out.putShort((short) 40000)
			.putShort((short) 40001)
			.putShort((short) (8 + PUNT_PAYLOAD.length))
			.putShort((short) 0);
		out.put(PUNT_PAYLOAD);
		return frame;
	}

	private static String intConfig(boolean withSources) {
		List<String> switches = new ArrayList<>();
		for (SwitchSpec node : fatTree.switches()) {
			if (node.name().startsWith("edge")) {
				String source = withSources
						? "\"source\",\"transit\",\"sink\"],\"watchlist\":[{\"instructions\":[\"all\"],\"maxHops\":8}]"
						: "\"transit\",\"sink\"]";
				switches.add("{\"name\":\"" + node.name() + "\",\"roles\":[" + source + "}");
			}
			else {
				switches.add("{\"name\":\"" + node.name() + "\",\"roles\":[\"transit\"]}");
			}
		}
		return "{\"report\":{\"collectorIp\":\"127.0.0.1\",\"collectorPort\":" + collector.getLocalPort()
				+ "},\"switches\":[" + String.join(",", switches) + "]}";
	}

	private static List<TelemetryReportV20> receiveReports(Duration quiet) throws Exception {
		List<TelemetryReportV20> reports = new ArrayList<>();
		byte[] buffer = new byte[9000];
		collector.setSoTimeout((int) quiet.toMillis());
		while (true) {
			DatagramPacket datagram = new DatagramPacket(buffer, buffer.length);
			try {
				collector.receive(datagram);
			}
			catch (SocketTimeoutException ex) {
				return reports;
			}
			TelemetryReport report = TelemetryReportCodec.decode(datagram.getData(), 0, datagram.getLength());
			assertThat(report).isInstanceOf(TelemetryReportV20.class);
			reports.add((TelemetryReportV20) report);
		}
	}

	private static DatagramSocket openCollector() {
		try {
			DatagramSocket socket = new DatagramSocket(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
			socket.setReceiveBufferSize(8 * 1024 * 1024);
			return socket;
		}
		catch (java.io.IOException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
