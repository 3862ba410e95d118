package io.sonde.emulator.control;

import java.net.ConnectException;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.function.BooleanSupplier;

import io.sonde.emulator.net.Ipv4Address;
import io.sonde.emulator.net.LinkParameters;
import io.sonde.emulator.provision.IntFlows;
import io.sonde.emulator.provision.NetworkProvisioner;
import io.sonde.emulator.provision.ProvisioningOptions;
import io.sonde.emulator.provision.ProvisioningPlan;
import io.sonde.emulator.run.ClockMode;
import io.sonde.emulator.run.EmulatedNetwork;
import io.sonde.emulator.run.EmulationOptions;
import io.sonde.emulator.run.LinkChange;
import io.sonde.emulator.run.LinkStatus;
import io.sonde.emulator.run.SwitchStatus;
import io.sonde.emulator.topology.Endpoint;
import io.sonde.emulator.topology.HostSpec;
import io.sonde.emulator.topology.LinkSpec;
import io.sonde.emulator.topology.SwitchSpec;
import io.sonde.emulator.topology.Topology;
import io.sonde.emulator.traffic.ConstantRate;
import io.sonde.emulator.traffic.FlowSpec;
import io.sonde.p4runtime.client.P4RuntimeClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import p4.v1.GetForwardingPipelineConfigRequest.ResponseType;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * The control channel of a running emulator, through {@link EmulatorControlClient} over
 * real HTTP on 127.0.0.1, against a real-time line of three switches provisioned over
 * P4Runtime with INT on every packet and two flows: h1 to h2 crosses s1-s2 (reported by
 * the sink s2), h2 to h3 crosses s2-s3 (reported by s3). A restart is a power cycle that
 * loses the pipeline; a stopped switch answers nothing until started; a cut link carries
 * nothing and counts what it dropped; full loss on s1-s2 stops the first flow's reports
 * while the second's go on; changes are cleared back to the topology's values; unknown
 * names and bad values are refused with messages that say so.
 * <p>
 * Waits are for states, with deadlines generous for a loaded machine.
 */
@Timeout(120)
class EmulatorControlIntegrationTests {

	private static final Duration WAIT = Duration.ofSeconds(20);

	private static final LinkParameters LINK = LinkParameters.ethernet(LinkParameters.GIGABIT, 1_000, 100);

	private ReportsBySink collector;

	private EmulatedNetwork network;

	private EmulatorControlServer server;

	private EmulatorControlClient client;

	@BeforeEach
	void startLineOfThree() throws Exception {
		this.collector = new ReportsBySink();
		this.network = EmulatedNetwork.start(lineOfThree(),
				EmulationOptions.DEFAULTS.withClock(ClockMode.REAL)
					.withP4RuntimeBasePort(0)
					.withCollector(this.collector.address()));
		NetworkProvisioner.withDefaults()
			.apply(ProvisioningPlan.of(this.network.topology(),
					ProvisioningOptions.DEFAULTS.withIntFlows(IntFlows.every())
						.withCollector(this.collector.address())));
		this.network.startTraffic(List.of(FlowSpec.udp("h1", "h2", 10_001, 5001, 200, new ConstantRate(200)),
				FlowSpec.udp("h2", "h3", 10_002, 5002, 200, new ConstantRate(200))), Duration.ofMinutes(10));
		this.server = EmulatorControlServer.start(this.network, 0);
		this.client = new EmulatorControlClient(this.server.address());
		awaitState("both flows are reported", () -> this.collector.from(2) > 20 && this.collector.from(3) > 20);
	}

	@AfterEach
	void stop() throws Exception {
		this.server.close();
		this.network.close();
		this.collector.close();
	}

	@Test
	void aRestartPowerCyclesTheSwitchWhichAnswersAgainWithoutItsPipeline() {
		assertThat(this.client.status().switches()).filteredOn((s) -> s.name().equals("s2"))
			.singleElement()
			.satisfies((s) -> assertThat(s.up() && s.programmed()).isTrue());
		Instant before = Instant.now();

		SwitchStatus restarted = this.client.restart("s2", Duration.ofMillis(500));

		assertThat(restarted.up()).isTrue();
		assertThat(restarted.since()).as("back after the down time").isAfterOrEqualTo(before.plusMillis(500));
		assertThat(restarted.programmed()).isFalse();
		assertThat(restarted.droppedWhileDown()).as("the flows through s2 were dropped while it was down").isPositive();
		try (P4RuntimeClient controller = P4RuntimeClient.forAddress("127.0.0.1", port("s2"))
			.deviceId(2)
			.electionId(1)
			.connect()) {
			controller.awaitArbitration(WAIT);
			assertThat(controller.isPrimary()).as("the arbitration history is gone too").isTrue();
			assertThat(controller.getPipeline(ResponseType.ALL)).as("the pipeline is gone").isEmpty();
		}
	}

	@Test
	void aStoppedSwitchAnswersNothingUntilStarted() throws Exception {
		int port = port("s3");

		SwitchStatus stopped = this.client.stop("s3");

		assertThat(stopped.up()).isFalse();
		assertThatExceptionOfType(ConnectException.class).isThrownBy(() -> new Socket("127.0.0.1", port).close());
		// Real time passes on purpose: nothing may start the switch again by itself.
		Thread.sleep(300);
		assertThat(this.client.status().switches()).filteredOn((s) -> s.name().equals("s3"))
			.singleElement()
			.satisfies((s) -> assertThat(s.up()).as("stays down").isFalse());
		assertThat(this.client.stop("s3").since()).as("stopping again changes nothing").isEqualTo(stopped.since());

		SwitchStatus started = this.client.start("s3");

		assertThat(started.up()).isTrue();
		assertThat(started.programmed()).isFalse();
		assertThat(started.address()).isEqualTo("127.0.0.1:" + port);
		new Socket("127.0.0.1", port).close();
	}

	@Test
	void aCutLinkCarriesNothingAndItsCountersShowIt() {
		LinkStatus cut = this.client.linkDown("s1/s2");
		assertThat(cut.up()).isFalse();
		awaitState("frames are dropped on the cut link", () -> link("s1:2").droppedWhileDown() > 20);
		long delivered = link("s1:2").deliveredPackets();
		long reportsOfTheCutFlow = this.collector.from(2);
		awaitState("more frames are dropped", () -> link("s1:2").droppedWhileDown() > 60);

		assertThat(link("s1:2").deliveredPackets()).as("nothing crosses it").isEqualTo(delivered);
		assertThat(this.collector.from(2)).as("the flow across it is not reported").isEqualTo(reportsOfTheCutFlow);

		this.client.linkUp("s2:1");
		awaitState("frames cross the mended link", () -> link("s1:2").deliveredPackets() > delivered + 20);
	}

	@Test
	void fullLossOnALinkStopsTheReportsOfTheFlowsCrossingItWhileTheOthersContinue() throws Exception {
		LinkStatus lossy = this.client.changeLink("s1:2", LinkChange.loss(1.0));
		assertThat(lossy.parameters().lossProbability()).isEqualTo(1.0);
		// Reports of packets that crossed before the change may still be on their way.
		awaitState("the link loses frames", () -> link("s1:2").lostPackets() > 20);
		long crossing = this.collector.from(2);
		long other = this.collector.from(3);

		awaitState("the other flow goes on being reported", () -> this.collector.from(3) > other + 100);

		assertThat(this.collector.from(2)).as("no report of the flow across the lossy link").isEqualTo(crossing);
		assertThat(this.collector.undecodable()).isZero();

		this.client.clearLink("s1:2");
		awaitState("its reports come back once the loss is cleared", () -> this.collector.from(2) > crossing + 20);
	}

	@Test
	void lossDelayJitterAndBandwidthAreChangedAndClearedBackToTheTopologys() {
		LinkStatus changed = this.client.changeLink("s2:2",
				new LinkChange(0.25, Duration.ofMillis(5), Duration.ofMillis(1), 100_000_000L));

		assertThat(changed.name()).isEqualTo("s2:2<->s3:1");
		assertThat(changed.parameters()).isEqualTo(new LinkParameters(100_000_000L, 5_000_000, 1_000_000, 0.25,
				LINK.queueCapacityPackets(), LINK.framingOverheadBytes()));
		assertThat(changed.configured()).isEqualTo(LINK);
		assertThat(link("s3:1").changed()).isTrue();

		LinkStatus cleared = this.client.clearLink("s3/s2");

		assertThat(cleared.parameters()).isEqualTo(LINK);
		assertThat(link("s2:2").changed()).isFalse();
	}

	@Test
	void unknownNamesAndBadValuesAreRefusedWithMessagesThatSaySo() throws Exception {
		assertThatExceptionOfType(ControlRequestRefused.class).isThrownBy(() -> this.client.stop("s9"))
			.satisfies((ex) -> assertThat(ex.httpStatus()).isEqualTo(404))
			.withMessage("no switch named s9 in line-of-three");
		assertThatExceptionOfType(ControlRequestRefused.class).isThrownBy(() -> this.client.linkDown("s1:9"))
			.withMessage("no link ends at s1:9 in line-of-three");
		assertThatExceptionOfType(ControlRequestRefused.class).isThrownBy(() -> this.client.linkDown("s1/s3"))
			.withMessage("no link joins s1 and s3 in line-of-three");
		assertThatExceptionOfType(ControlRequestRefused.class).isThrownBy(() -> this.client.linkDown("s1"))
			.withMessageContaining("node:port");

		assertThat(post("/v1/links/s1:2/change", "{\"lossProbability\":2}"))
			.isEqualTo("400 {\"error\":\"loss must be a probability within 0..1, got 2.0\"}");
		assertThat(post("/v1/links/s1:2/change", "{\"bandwidthBitsPerSecond\":0}"))
			.isEqualTo("400 {\"error\":\"bandwidth must be positive, got 0 bit/s\"}");
		assertThat(post("/v1/links/s1:2/change", "{\"delayNanos\":\"5ms\"}"))
			.isEqualTo("400 {\"error\":\"delayNanos must be a whole number, got \\\"5ms\\\"\"}");
		assertThat(post("/v1/links/s1:2/change", "{\"loss\":0.5}")).startsWith("400 {\"error\":\"unknown field 'loss'");
		assertThat(post("/v1/links/s1:2/change", "{}")).startsWith("400 {\"error\":\"a link change needs");
		assertThat(post("/v1/switches/s1/restart", "{\"downForMillis\":-1}"))
			.startsWith("400 {\"error\":\"a restart's down time must be 0 or more");
		assertThat(post("/v1/switches/s1/explode", "")).startsWith("404 {\"error\":\"no such control operation");
		assertThat(send(HttpRequest.newBuilder(uri("/v1/status")).DELETE()))
			.isEqualTo("405 {\"error\":\"DELETE is not allowed here; use GET\"}");
		assertThat(link("s1:2").changed()).as("nothing refused was applied").isFalse();
		assertThat(this.server.address().getAddress().getHostAddress()).isEqualTo("127.0.0.1");
	}

	private LinkStatus link(String end) {
		return this.client.status()
			.links()
			.stream()
			.filter((l) -> l.a().equals(end) || l.b().equals(end))
			.findFirst()
			.orElseThrow();
	}

	private int port(String switchName) {
		return this.network.switchNamed(switchName).server().port();
	}

	private String post(String path, String body) throws Exception {
		return send(HttpRequest.newBuilder(uri(path)).POST(HttpRequest.BodyPublishers.ofString(body)));
	}

	private URI uri(String path) {
		return URI.create("http://127.0.0.1:" + this.server.port() + path);
	}

	private static String send(HttpRequest.Builder request) throws Exception {
		HttpResponse<String> response = HttpClient.newHttpClient()
			.send(request.build(), HttpResponse.BodyHandlers.ofString());
		return response.statusCode() + " " + response.body();
	}

	private static void awaitState(String what, BooleanSupplier state) {
		await(what).atMost(WAIT)
			.pollDelay(Duration.ZERO)
			.pollInterval(Duration.ofMillis(50))
			.until(state::getAsBoolean);
	}

	/**
	 * {@code h1 - s1 - s2 - s3 - h3} with {@code h2} on s2: ports s1:1 h1, s1:2 s2; s2:1
	 * s1, s2:2 s3, s2:3 h2; s3:1 s2, s3:2 h3.
	 */
	private static Topology lineOfThree() {
		List<SwitchSpec> switches = List.of(sw("s1", 1), sw("s2", 2), sw("s3", 3));
		List<HostSpec> hosts = List.of(HostSpec.of("h1", Ipv4Address.of(10, 0, 1, 2)),
				HostSpec.of("h2", Ipv4Address.of(10, 0, 2, 2)), HostSpec.of("h3", Ipv4Address.of(10, 0, 3, 2)));
		List<LinkSpec> links = List.of(link("h1", 1, "s1", 1), link("s1", 2, "s2", 1), link("s2", 3, "h2", 1),
				link("s2", 2, "s3", 1), link("s3", 2, "h3", 1));
		return new Topology("line-of-three", switches, hosts, links);
	}

	private static SwitchSpec sw(String name, long deviceId) {
		return new SwitchSpec(name, deviceId, 0, SwitchSpec.defaultMac(deviceId), "switch");
	}

	private static LinkSpec link(String a, int portA, String b, int portB) {
		return new LinkSpec(new Endpoint(a, portA), new Endpoint(b, portB), LINK);
	}

}
