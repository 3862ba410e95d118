package io.sonde.e2e.bmv2;

import java.io.IOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.sonde.emulator.net.Ipv4Address;
import io.sonde.emulator.net.LinkParameters;
import io.sonde.emulator.net.MacAddress;
import io.sonde.emulator.provision.EventFilterSpec;
import io.sonde.emulator.provision.IntFlows;
import io.sonde.emulator.provision.LabelingSpec;
import io.sonde.emulator.provision.NetworkProvisioner;
import io.sonde.emulator.provision.ProvisioningOptions;
import io.sonde.emulator.provision.ProvisioningPlan;
import io.sonde.emulator.run.EmulatedNetwork;
import io.sonde.emulator.run.EmulationOptions;
import io.sonde.emulator.topology.Endpoint;
import io.sonde.emulator.topology.HostSpec;
import io.sonde.emulator.topology.LinkSpec;
import io.sonde.emulator.topology.SwitchSpec;
import io.sonde.emulator.topology.Topology;
import io.sonde.emulator.traffic.ConstantRate;
import io.sonde.emulator.traffic.FlowSpec;
import io.sonde.p4programs.SondePipeline;
import io.sonde.p4programs.SondePipeline.EventAlgorithm;
import io.sonde.p4programs.SondePipeline.EventMetric;
import io.sonde.p4programs.capture.CaptureReader;
import io.sonde.p4programs.capture.CapturedFrame;
import io.sonde.p4programs.codec.LabelCodec;
import io.sonde.p4programs.entries.SondeEntities;
import io.sonde.p4runtime.client.P4RuntimeClient;
import io.sonde.p4runtime.entity.Entities;
import io.sonde.p4runtime.entity.TableEntries;
import io.sonde.switches.internal.connection.PipelineArtifact;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import p4.v1.Entity;
import p4.v1.SetForwardingPipelineConfigRequest;
import p4.v1.Update;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The same INT-MD traffic through BMv2 and through the emulator makes the same telemetry
 * reports, field by field ({@link ReportFields}: timestamps and latencies aside), and
 * delivers the same frames to the destination.
 * <p>
 * {@code h1 — s1 — s2 — s3 — h2}: s1 is the INT source of two flows (UDP and TCP), s2
 * transit, s3 the sink, whose reports leave by port 3 toward the collector; once with
 * every item sonde.p4 writes and room for every hop, once with three items and room for
 * the source's hop only, and once with INT-label labeling every packet at every hop. The
 * emulator runs first, in virtual time, provisioned by its own controller; the frames h1
 * sent there (its link's capture) are replayed onto h1's veth in front of three BMv2
 * switches holding the table entries read back from the emulated ones, and the reports
 * and delivered frames are captured on veths. Skipped where BMv2 is not found.
 */
class DataPlaneEquivalenceIntegrationTests {

	private static final Ipv4Address H1 = Ipv4Address.of(10, 0, 1, 2);

	private static final Ipv4Address H2 = Ipv4Address.of(10, 0, 3, 2);

	private static final int REPORT_PORT = 3;

	private static final List<FlowSpec> FLOWS = List.of(
			FlowSpec.udp("h1", "h2", 40001, 5000, 200, new ConstantRate(1000)),
			FlowSpec.tcp("h1", "h2", 40002, 80, 300, new ConstantRate(1000)));

	private static final Duration TRAFFIC = Duration.ofMillis(20);

	@TempDir
	Path dir;

	/**
	 * @param instructions the INT instruction bitmap of both flows
	 * @param remainingHopCount hops a packet may collect: 1 makes s2 find the count
	 * exhausted (the E bit, no hop pushed)
	 * @param labeled whether INT-label labels both flows at every hop as specific flows:
	 * s3 then receives them with two items, reports them without, and exports them
	 */
	@ParameterizedTest(name = "instructions 0x{0}, remaining hop count {1}, filter {2}, labeled {3}")
	@CsvSource({ "FF80, 8, EVERY_PACKET, false", "D000, 1, EVERY_PACKET, false", "FF80, 8, PER_HOP_CHANGE, false",
			"FF80, 8, FLOW_SUM_CHANGE, false", "FF80, 8, MOVING_AVERAGE, false", "FF80, 8, EVERY_PACKET, true" })
	void sameIntTrafficMakesTheSameReportsOnBmv2AndOnTheEmulator(String instructions, int remainingHopCount,
			String filter, boolean labeled) throws Exception {
		Bmv2Binary binary = Bmv2Binary.require();
		PipelineArtifact pipeline = PipelineArtifact.sondeP4();
		VethWire.requireTools();

		EventFilterSpec eventFilter = eventFilter(filter);
		Emulated emulated = runEmulator(Integer.parseInt(instructions, 16), remainingHopCount, eventFilter,
				labeled ? everyPacketLabeled() : LabelingSpec.OFF);
		assertThat(emulated.sent()).as("frames h1 sent in the emulator").hasSizeGreaterThanOrEqualTo(30);
		if (eventFilter == EventFilterSpec.EVERY_PACKET) {
			assertThat(emulated.reports()).as("one report per INT packet").hasSameSizeAs(emulated.sent());
		}
		else {
			assertThat(emulated.reports()).as("the filter's events, fewer than the packets")
				.isNotEmpty()
				.hasSizeLessThan(emulated.sent().size());
		}
		assertThat(emulated.intoSink()).as("frames on the s2 - s3 link").isNotEmpty();
		for (byte[] frame : emulated.intoSink()) {
			int items = LabelCodec.recogniseFrame(frame, 0, frame.length) ? LabelCodec.decode(frame).items().size() : 0;
			assertThat(items).as("INT-label items a frame brings s3").isEqualTo(labeled ? 2 : 0);
		}
		// s1 and s2 push a hop each while the count lasts; the sink reports its own apart
		assertThat(ReportFields.of(emulated.reports().get(0))).as("the emulator's first report")
			.contains("int hops=" + Math.min(2, remainingHopCount), "node_id=3");

		List<byte[]> reports;
		List<byte[]> delivered;
		try (Bmv2Namespace namespace = Bmv2Namespace.create()) {
			List<String> h1 = namespace.vethPair("s1p1", "h1");
			List<String> s1s2 = namespace.vethPair("s1p2", "s2p1");
			List<String> s2s3 = namespace.vethPair("s2p2", "s3p1");
			List<String> h2 = namespace.vethPair("s3p2", "h2");
			List<String> collector = namespace.vethPair("s3p3", "c");
			Map<String, Map<Integer, String>> ports = new LinkedHashMap<>();
			ports.put("s1", Map.of(1, h1.get(0), 2, s1s2.get(0)));
			ports.put("s2", Map.of(1, s1s2.get(1), 2, s2s3.get(0)));
			ports.put("s3", Map.of(1, s2s3.get(1), 2, h2.get(0), REPORT_PORT, collector.get(0)));
			List<Bmv2Switch> switches = new ArrayList<>();
			try {
				int device = 1;
				for (Map.Entry<String, Map<Integer, String>> entry : ports.entrySet()) {
					Bmv2Switch started = Bmv2Switch.start(binary, namespace, entry.getKey(), device, 9089 + device,
							entry.getValue());
					switches.add(started);
					configure(started, pipeline, emulated.tables().get(entry.getKey()), namespace, 9089 + device);
					device++;
				}
				try (VethWire.Tap reportTap = VethWire.tap(namespace, collector.get(1),
						this.dir.resolve("bmv2-reports.pcap"));
						VethWire.Tap deliveredTap = VethWire.tap(namespace, h2.get(1),
								this.dir.resolve("bmv2-h2.pcap"))) {
					VethWire.send(namespace, h1.get(1), emulated.sent(), 200, this.dir.resolve("h1-replay.pcap"));
					reports = reportTap.awaitFrames(emulated.reports().size(), Duration.ofSeconds(30));
					delivered = deliveredTap.awaitFrames(emulated.delivered().size(), Duration.ofSeconds(10));
				}
			}
			finally {
				switches.forEach(Bmv2Switch::close);
			}
		}

		assertThat(reports).as("reports BMv2's sink sent").hasSameSizeAs(emulated.reports());
		assertThat(ReportFields.of(reports.get(0))).as("BMv2's first report carries s3's node id, set over P4Runtime")
			.contains("node_id=3");
		for (int i = 0; i < reports.size(); i++) {
			assertThat(ReportFields.of(reports.get(i)))
				.as("report %d of %d, BMv2 (actual) vs the emulator", i, reports.size())
				.containsExactlyElementsOf(ReportFields.of(emulated.reports().get(i)));
		}
		assertThat(delivered).as("frames delivered to h2").hasSameSizeAs(emulated.delivered());
		for (int i = 0; i < delivered.size(); i++) {
			assertThat(delivered.get(i)).as("frame %d delivered to h2", i).isEqualTo(emulated.delivered().get(i));
		}
	}

	/**
	 * The emulator's run: the frames h1 sent, the report frames, the frames h2 received,
	 * those on the s2 - s3 link, and each switch's table entries.
	 */
	private record Emulated(List<byte[]> sent, List<byte[]> reports, List<byte[]> delivered, List<byte[]> intoSink,
			Map<String, List<Entity>> tables) {
	}

	/**
	 * The pre-filter's algorithms on the one metric both sides agree on: egress tx
	 * utilization, "unavailable" (all ones) at every hop, where latency and queue depend
	 * on each side's timing. Per-hop and flow-sum report a flow's first packet only; the
	 * moving average (64/256) reports while it climbs towards the path sum by more than
	 * 2^28, which checks its 64-bit arithmetic on BMv2.
	 */
	private static EventFilterSpec eventFilter(String name) {
		if (name.equals("EVERY_PACKET")) {
			return EventFilterSpec.EVERY_PACKET;
		}
		EventAlgorithm algorithm = EventAlgorithm.valueOf(name);
		long threshold = (algorithm == EventAlgorithm.MOVING_AVERAGE) ? (1L << 28) : 0;
		return new EventFilterSpec.FastDetection(algorithm, EventMetric.TX_UTILIZATION, threshold, 64);
	}

	/**
	 * Both flows labeled at every hop, every packet (paper 004 §3.3's specific flows).
	 */
	private static LabelingSpec everyPacketLabeled() {
		return LabelingSpec.of(LabelingSpec.Mode.BASE_A, 1_000_000)
			.withSpecificFlows(FLOWS.stream().map((flow) -> new LabelingSpec.SpecificFlow(flow, 0)).toList());
	}

	private Emulated runEmulator(int instructions, int remainingHopCount, EventFilterSpec eventFilter,
			LabelingSpec labeling) throws Exception {
		Path h1Capture = this.dir.resolve("emulated-h1.pcap");
		Path h2Capture = this.dir.resolve("emulated-h2.pcap");
		Path reportCapture = this.dir.resolve("emulated-reports.pcap");
		Path sinkCapture = this.dir.resolve("emulated-s3p1.pcap");
		Map<String, List<Entity>> tables = new LinkedHashMap<>();
		try (DatagramSocket collector = new DatagramSocket(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
				EmulatedNetwork emulated = EmulatedNetwork.start(lineOfThree(),
						EmulationOptions.DEFAULTS.withCollector((InetSocketAddress) collector.getLocalSocketAddress())
							.withP4RuntimeBasePort(0)
							.withLinkCapture(new Endpoint("h1", 1), h1Capture)
							.withLinkCapture(new Endpoint("h2", 1), h2Capture)
							.withLinkCapture(new Endpoint("s3", 1), sinkCapture)
							.withReportCapture(reportCapture)
							.withWallClock(Clock.fixed(Instant.parse("2026-11-27T12:00:00Z"), ZoneOffset.UTC)))) {
			ProvisioningOptions options = new ProvisioningOptions(IntFlows.listed(FLOWS), instructions,
					remainingHopCount, eventFilter, Map.of(), new InetSocketAddress("10.0.3.254", 32766),
					MacAddress.local(0xC0_11EC_7000L), REPORT_PORT, 0, false, labeling);
			NetworkProvisioner.withDefaults().apply(ProvisioningPlan.of(emulated.topology(), options));
			emulated.startTraffic(FLOWS, TRAFFIC);
			emulated.runFor(TRAFFIC.plusMillis(10));
			for (SwitchSpec spec : emulated.topology().switches()) {
				tables.put(spec.name(), tables(spec));
			}
		}
		MacAddress h1Mac = HostSpec.defaultMac(H1);
		MacAddress h2Mac = HostSpec.defaultMac(H2);
		return new Emulated(frames(h1Capture, h1Mac, true), frames(reportCapture, null, true),
				frames(h2Capture, h2Mac, false), frames(sinkCapture, null, true), tables);
	}

	/** Every entry of the tables Sonde manages, as the emulated switch holds them. */
	private static List<Entity> tables(SwitchSpec spec) {
		TableEntries entries = new TableEntries(SondePipeline.p4Info());
		List<Entity> requests = SondeEntities.TABLES.stream()
			.map((table) -> Entities.of(entries.allOf(table)))
			.toList();
		try (P4RuntimeClient client = P4RuntimeClient.forAddress("127.0.0.1", spec.p4RuntimePort())
			.deviceId(spec.deviceId())
			.electionId(2)
			.rpcTimeout(Duration.ofSeconds(20))
			.connect()) {
			return client.read(requests)
				.stream()
				.map((entity) -> Entity.newBuilder()
					.setTableEntry(entity.getTableEntry().toBuilder().clearCounterData().clearMeterConfig())
					.build())
				.toList();
		}
	}

	/**
	 * Pushes sonde.p4, the emulated switch's table entries and its node id (the device
	 * id, as the emulator's provisioning gives it) over P4Runtime, then the report mirror
	 * and INT-label's export session through Thrift (see {@link Bmv2Thrift} for why).
	 */
	private void configure(Bmv2Switch bmv2, PipelineArtifact pipeline, List<Entity> tables, Bmv2Namespace namespace,
			int thriftPort) throws IOException, InterruptedException {
		try (P4RuntimeClient client = P4RuntimeClient.forAddress("127.0.0.1", bmv2.p4RuntimePort())
			.deviceId(bmv2.deviceId())
			.electionId(1)
			.rpcTimeout(Duration.ofSeconds(30))
			.connect()) {
			client.awaitPrimary(Duration.ofSeconds(30));
			client.setPipeline(pipeline.p4Info(), pipeline.deviceConfig(), pipeline.cookie(),
					SetForwardingPipelineConfigRequest.Action.VERIFY_AND_COMMIT);
			client.write(tables.stream()
				.map((entity) -> Update.newBuilder().setType(Update.Type.INSERT).setEntity(entity).build())
				.toList());
			client.write(List.of(Update.newBuilder()
				.setType(Update.Type.MODIFY)
				.setEntity(SondeEntities.ofPipeline().nodeId(bmv2.deviceId()))
				.build()));
		}
		new Bmv2Thrift().mirroringAdd(SondePipeline.INT_REPORT_CLONE_SESSION_ID, REPORT_PORT)
			.mirroringAdd(SondePipeline.LABEL_EXPORT_CLONE_SESSION_ID, Bmv2Switch.CPU_PORT)
			.send(namespace, thriftPort, bmv2.folder());
	}

	/**
	 * The frames of a capture, those from {@code mac} (or to it), or all when it is null.
	 */
	private static List<byte[]> frames(Path capture, MacAddress mac, boolean from) throws Exception {
		List<byte[]> frames = new ArrayList<>();
		if (!Files.exists(capture)) {
			return frames;
		}
		byte[] address = (mac != null) ? macBytes(mac) : null;
		try (CaptureReader reader = CaptureReader.open(capture)) {
			for (CapturedFrame frame = reader.next(); frame != null; frame = reader.next()) {
				byte[] data = frame.data();
				int at = from ? 6 : 0;
				if (address == null || Arrays.equals(data, at, at + 6, address, 0, 6)) {
					frames.add(data);
				}
			}
		}
		return frames;
	}

	private static byte[] macBytes(MacAddress mac) {
		long value = mac.value();
		byte[] bytes = new byte[6];
		for (int i = 0; i < 6; i++) {
			bytes[i] = (byte) (value >>> (8 * (5 - i)));
		}
		return bytes;
	}

	private static Topology lineOfThree() {
		LinkParameters gigabit = LinkParameters.ethernet(LinkParameters.GIGABIT, 1_000, 1000);
		List<SwitchSpec> switches = List.of(sw("s1", 1), sw("s2", 2), sw("s3", 3));
		List<HostSpec> hosts = List.of(HostSpec.of("h1", H1), HostSpec.of("h2", H2));
		List<LinkSpec> links = List.of(link("h1", 1, "s1", 1, gigabit), link("s1", 2, "s2", 1, gigabit),
				link("s2", 2, "s3", 1, gigabit), link("s3", 2, "h2", 1, gigabit));
		return new Topology("bmv2-line", switches, hosts, links);
	}

	private static SwitchSpec sw(String name, long deviceId) {
		return new SwitchSpec(name, deviceId, 0, SwitchSpec.defaultMac(deviceId), "switch");
	}

	private static LinkSpec link(String a, int portA, String b, int portB, LinkParameters parameters) {
		return new LinkSpec(new Endpoint(a, portA), new Endpoint(b, portB), parameters);
	}

}
