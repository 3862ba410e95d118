package io.sonde.emulator.pipeline;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.sonde.emulator.net.HostNode;
import io.sonde.emulator.net.Ipv4Address;
import io.sonde.emulator.net.LinkParameters;
import io.sonde.emulator.net.MacAddress;
import io.sonde.emulator.net.Network;
import io.sonde.emulator.net.Packet;
import io.sonde.emulator.net.PacketPool;
import io.sonde.emulator.net.SwitchNode;
import io.sonde.emulator.report.InMemoryReportSink;
import io.sonde.emulator.report.ReportFrame;
import io.sonde.emulator.sim.EventScheduler;
import io.sonde.emulator.sim.RandomStreams;
import io.sonde.emulator.sim.VirtualClock;
import io.sonde.emulator.traffic.FlowAddresses;
import io.sonde.emulator.traffic.PacketBuilder;
import io.sonde.emulator.traffic.TransportProtocol;
import io.sonde.p4programs.codec.HopValue;
import io.sonde.p4programs.codec.IndividualReport;
import io.sonde.p4programs.codec.IntHop;
import io.sonde.p4programs.codec.IntMdCodec;
import io.sonde.p4programs.codec.IntMdPacket;
import io.sonde.p4programs.codec.MalformedTelemetry;
import io.sonde.p4programs.codec.TelemetryReportCodec;
import io.sonde.p4programs.codec.TelemetryReportV20;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A packet's journey through two emulated switches running sonde.p4 in virtual time: host
 * a → s1 (INT source) → slow link → s2 (INT sink) → host b. A burst from a queues at s1's
 * slow port; the reports s2 sends carry s1's hop latency and queue depth, which must
 * equal what the emulated queue recorded.
 */
class SondeSwitchTests {

	private static final LinkParameters FAST = new LinkParameters(1_000_000_000L, 1_000, 0, 0.0, 100, 24);

	private static final LinkParameters SLOW = new LinkParameters(100_000_000L, 5_000, 0, 0.0, 100, 24);

	private static final int FRAME_BYTES = 500;

	private static final int BURST = 6;

	private final EventScheduler scheduler = new EventScheduler();

	private final VirtualClock clock = new VirtualClock(this.scheduler, Instant.EPOCH);

	private final PacketPool pool = new PacketPool();

	private final Network network = new Network(this.scheduler, this.pool, new RandomStreams(4));

	private final GroundTruth truth = GroundTruth.bounded(1000, 1000);

	private final InMemoryReportSink reports = new InMemoryReportSink(1000);

	private final Map<Long, long[]> queueingAtS1 = new HashMap<>();

	private final List<byte[]> sent = new ArrayList<>();

	private final List<byte[]> received = new ArrayList<>();

	private HostNode a;

	private HostNode b;

	private SwitchNode s1;

	private SwitchNode s2;

	@BeforeEach
	void twoSwitchesBetweenTwoHosts() {
		this.a = this.network.addHost("a", Ipv4Address.of(10, 0, 0, 1), MacAddress.local(0xA));
		this.b = this.network.addHost("b", Ipv4Address.of(10, 0, 0, 2), MacAddress.local(0xB));
		this.s1 = this.network.addSwitch("s1", 1, MacAddress.local(0x51));
		this.s2 = this.network.addSwitch("s2", 2, MacAddress.local(0x52));
		this.network.connect(this.a.addPort(1), this.s1.addPort(1), FAST);
		this.network.connect(this.s1.addPort(2), this.s2.addPort(2), SLOW);
		this.network.connect(this.s2.addPort(1), this.b.addPort(1), FAST);
		this.a.setGatewayMac(this.s1.mac());
		this.s2.setReportSink(this.reports);
		this.b.setReceiver(
				(host, packet, time) -> this.received.add(java.util.Arrays.copyOf(packet.frame(), packet.length())));
		this.network.setQueueingRecorder((egress) -> {
			if (egress.node() == this.s1 && egress.egressPort() == 2) {
				this.queueingAtS1.put(egress.packet().id(),
						new long[] { egress.queueWaitNanos(), egress.queueDepthAtDequeue() });
			}
		});

		int b = this.b.ipv4().value();
		SondeSwitchOptions nanoseconds = SondeSwitchOptions.DEFAULTS.withNanosPerTick(1);
		InMemorySondeTables t1 = new InMemorySondeTables();
		InMemorySondeRegisters r1 = new InMemorySondeRegisters();
		t1.setIntNodeId(1);
		t1.addIpv4Route(b, 32, NextHop.to(2, this.s2.mac().value()));
		t1.addWatchlistEntry(FlowMatch.ANY.withDst(b), 1, IntInsertion.insert(ThreeSwitchPath.BITMAP_ALL, 8));
		this.s1.setDataPlane(new SondeSwitch(t1, r1, this.truth, nanoseconds));

		InMemorySondeTables t2 = new InMemorySondeTables();
		InMemorySondeRegisters r2 = new InMemorySondeRegisters();
		t2.setIntNodeId(2);
		t2.addIpv4Route(b, 32, NextHop.to(1, this.b.mac().value()));
		t2.addSinkPort(1);
		t2.addCloneSession(500, 9);
		t2.addReportCollector(9, ReportCollector.sendReport(this.s2.mac().value(), 0x02_00_00_00_00_C0L,
				Ipv4Address.of(192, 168, 0, 2).value(), Ipv4Address.of(192, 168, 0, 100).value(), 32766, 0));
		this.s2.setDataPlane(new SondeSwitch(t2, r2, this.truth, nanoseconds));
	}

	private void sendBurst() {
		PacketBuilder builder = PacketBuilder.forFlow(new FlowAddresses(this.a.mac(), this.s1.mac(), this.a.ipv4(),
				this.b.ipv4(), TransportProtocol.UDP, 4000, 5000), 0, FRAME_BYTES, 0);
		this.scheduler.schedule(0, () -> {
			for (int i = 0; i < BURST; i++) {
				Packet packet = this.pool.acquire();
				builder.build(packet, i);
				this.sent.add(java.util.Arrays.copyOf(packet.frame(), packet.length()));
				this.a.send(packet);
			}
		});
		this.clock.runUntil(10_000_000);
	}

	@Test
	void reportsCarryTheHopLatencyAndQueueDepthTheEmulatedQueueRecorded() throws MalformedTelemetry {
		sendBurst();

		assertThat(this.reports.reports()).hasSize(BURST);
		GroundTruthSnapshot snapshot = this.truth.snapshot();
		List<Long> latencies = new ArrayList<>();
		for (ReportFrame frame : this.reports.reports()) {
			TelemetryReportV20 report = (TelemetryReportV20) TelemetryReportCodec.decode(frame.frame(),
					frame.payloadOffset(), frame.payloadLength());
			ReportTruth reportTruth = snapshot
				.report(report.nodeId(), report.hardwareId().intValue(), report.sequence())
				.orElseThrow();
			IndividualReport individual = report.reports().get(0);
			assertThat(individual.metadata().values().value(HopValue.INGRESS_PORT)).isEqualTo(2L);
			assertThat(individual.metadata().values().value(HopValue.EGRESS_PORT)).isEqualTo(1L);
			int stackStart = individual.innerPacket().offset() + 20 + 8;
			IntMdPacket stack = IntMdCodec.decode(frame.frame(), stackStart,
					individual.innerPacket().offset() + individual.innerPacket().length() - stackStart);
			assertThat(stack.hops()).hasSize(1);
			IntHop s1Hop = stack.hops().get(0);
			long[] queueing = this.queueingAtS1.get(reportTruth.packetId());
			assertThat(s1Hop.value(HopValue.SWITCH_ID)).isEqualTo(1L);
			assertThat(s1Hop.value(HopValue.HOP_LATENCY)).as("hop latency = time in s1's queue").isEqualTo(queueing[0]);
			assertThat(s1Hop.value(HopValue.QUEUE_OCCUPANCY)).as("deq_qdepth").isEqualTo(queueing[1]);
			assertThat(snapshot.hopsOf(reportTruth.packetId())).singleElement()
				.satisfies((hop) -> assertThat(hop.hopLatency()).isEqualTo(queueing[0]));
			latencies.add(s1Hop.value(HopValue.HOP_LATENCY));
		}
		assertThat(latencies).as("the burst builds up s1's queue").isSorted().doesNotHaveDuplicates();
		assertThat(this.s2.reportsSent()).isEqualTo(BURST);
	}

	@Test
	void hostBReceivesThePacketsAsSentApartFromForwarding() {
		sendBurst();

		assertThat(this.received).hasSize(BURST);
		for (int i = 0; i < BURST; i++) {
			byte[] expected = this.sent.get(i).clone();
			this.b.mac().writeTo(expected, 0);
			this.s2.mac().writeTo(expected, 6);
			expected[14 + 8] -= 2;
			Ipv4Checksum.update(expected, 14);
			assertThat(this.received.get(i)).isEqualTo(expected);
		}
		assertThat(this.pool.inUse()).isZero();
	}

	@Test
	void aSwitchWithEmptyTablesDropsWhatItReceivesAndReportsNothing() {
		this.s1.setDataPlane(new SondeSwitch(new InMemorySondeTables(), new InMemorySondeRegisters(), this.truth,
				SondeSwitchOptions.DEFAULTS));
		sendBurst();
		assertThat(this.s1.pipelineDrops()).as("no route: the default action drops").isEqualTo(BURST);
		assertThat(this.reports.reports()).isEmpty();
	}

}
