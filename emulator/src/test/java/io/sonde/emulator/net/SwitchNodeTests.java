package io.sonde.emulator.net;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.sonde.emulator.net.NetworkFixture.Received;

import static io.sonde.emulator.net.NetworkFixture.serialization;
import static org.assertj.core.api.Assertions.assertThat;

class SwitchNodeTests {

	private static final LinkParameters LINK = new LinkParameters(1_000_000_000L, 1_000, 0, 0.0, 100, 24);

	private final NetworkFixture fixture = new NetworkFixture(2);

	private HostNode a;

	private HostNode b;

	private HostNode c;

	private SwitchNode s;

	private List<Received> atB;

	private List<Received> atC;

	@BeforeEach
	void threeHostsOnOneSwitch() {
		this.a = this.fixture.host("a", 1);
		this.b = this.fixture.host("b", 2);
		this.c = this.fixture.host("c", 3);
		this.s = this.fixture.switchNode("s", 7);
		this.fixture.connect(this.a, 1, this.s, 1, LINK);
		this.fixture.connect(this.b, 1, this.s, 2, LINK);
		this.fixture.connect(this.c, 1, this.s, 3, LINK);
		this.s.addPort(4);
		this.atB = this.fixture.recordArrivals(this.b);
		this.atC = this.fixture.recordArrivals(this.c);
	}

	@Test
	void dropsWhatThePipelineDoesNotEmitOrExplicitlyDrops() {
		List<Integer> verdicts = new ArrayList<>(List.of(0, 1, 2));
		this.s.setDataPlane(context -> {
			int verdict = verdicts.remove(0);
			if (verdict == 1) {
				context.emit(2);
				context.drop();
			}
			else if (verdict == 2) {
				context.emit(2);
			}
		});
		for (int i = 0; i < 3; i++) {
			this.fixture.sendAt(i * 100_000L, this.a, 100);
		}
		this.fixture.clock.runUntil(1_000_000);
		assertThat(this.s.pipelineDrops()).isEqualTo(2);
		assertThat(this.atB).hasSize(1);
		assertThat(this.fixture.pool.inUse()).isZero();
	}

	@Test
	void aSwitchWithoutAPipelineDropsEverything() {
		this.fixture.sendAt(0, this.a, 100);
		this.fixture.clock.runUntil(1_000_000);
		assertThat(this.s.pipelineDrops()).isEqualTo(1);
		assertThat(this.atB).isEmpty();
	}

	@Test
	void countsPacketsSentToAPortWithoutALinkOrToNoPortAtAll() {
		List<Integer> ports = new ArrayList<>(List.of(4, 9));
		this.s.setDataPlane(context -> context.emit(ports.remove(0)));
		this.fixture.sendAt(0, this.a, 100);
		this.fixture.sendAt(100_000, this.a, 100);
		this.fixture.clock.runUntil(1_000_000);
		assertThat(this.s.port(4).counters().unconnectedDrops()).isEqualTo(1);
		assertThat(this.s.pipelineDrops()).isEqualTo(1);
		assertThat(this.fixture.pool.inUse()).isZero();
	}

	@Test
	void emitCopyQueuesACloneWithItsOwnGroundTruthId() {
		this.s.setDataPlane(context -> {
			context.emitCopy(3, null);
			context.emit(2);
		});
		this.fixture.sendAt(0, this.a, 100);
		this.fixture.clock.runUntil(1_000_000);
		assertThat(this.atB).hasSize(1);
		assertThat(this.atC).hasSize(1);
		assertThat(this.atC.get(0).id()).isNotEqualTo(this.atB.get(0).id());
	}

	@Test
	void egressStageRewritesTheFrameAndTheWireCarriesItsNewLength() {
		int pushed = 48;
		List<byte[]> seenByB = new ArrayList<>();
		this.b.setReceiver((host, packet, time) -> {
			seenByB.add(Arrays.copyOf(packet.frame(), packet.length()));
			this.atB.add(new Received(packet.id(), time, packet.length()));
		});
		this.s.setDataPlane(context -> {
			context.packet().setBridgedMetadata(0xABCDL);
			context.emit(2, egress -> {
				// What an INT transit hop does: grow the frame and write queue facts.
				int length = egress.length();
				byte[] frame = egress.ensureCapacity(length + pushed);
				Arrays.fill(frame, length, length + pushed, (byte) egress.packet().bridgedMetadata());
				egress.setLength(length + pushed);
			});
		});
		this.fixture.sendAt(0, this.a, 100);
		this.fixture.clock.runUntil(1_000_000);

		assertThat(seenByB).hasSize(1);
		assertThat(seenByB.get(0)).hasSize(100 + pushed);
		assertThat(seenByB.get(0)[100 + pushed - 1]).isEqualTo((byte) 0xCD);
		long expected = serialization(100, 24, LINK.bandwidthBitsPerSecond()) + LINK.propagationDelayNanos()
				+ serialization(100 + pushed, 24, LINK.bandwidthBitsPerSecond()) + LINK.propagationDelayNanos();
		assertThat(this.atB).extracting(Received::time).containsExactly(expected);
		assertThat(this.s.port(2).counters().transmittedBytes()).isEqualTo(100 + pushed);
	}

	@Test
	void egressStageCanDropAndTheNextPacketStillGoes() {
		List<Boolean> dropFirst = new ArrayList<>(List.of(true, false));
		this.s.setDataPlane(context -> context.emit(2, egress -> {
			if (dropFirst.remove(0)) {
				egress.drop();
			}
		}));
		this.fixture.sendAt(0, this.a, 100);
		this.fixture.sendAt(0, this.a, 100);
		this.fixture.clock.runUntil(1_000_000);
		assertThat(this.s.port(2).counters().egressDrops()).isEqualTo(1);
		assertThat(this.atB).hasSize(1);
	}

	@Test
	void reportsFromIngressAndEgressReachTheReportSink() {
		List<String> reports = new ArrayList<>();
		this.s.setReportSink((node, time, frame, offset, length) -> reports
			.add(node.name() + "@" + time + ":" + new String(frame, offset, length)));
		byte[] ingressReport = "xxingressxx".getBytes();
		byte[] egressReport = "egress".getBytes();
		this.s.setDataPlane(context -> {
			context.sendReport(ingressReport, 2, 7);
			context.emit(2, egress -> egress.sendReport(egressReport, 0, egressReport.length));
		});
		this.fixture.sendAt(0, this.a, 100);
		this.fixture.clock.runUntil(1_000_000);
		long arrival = serialization(100, 24, LINK.bandwidthBitsPerSecond()) + LINK.propagationDelayNanos();
		assertThat(reports).containsExactly("s@" + arrival + ":ingress", "s@" + arrival + ":egress");
		assertThat(this.s.reportsSent()).isEqualTo(2);
	}

	@Test
	void packetInGoesToTheControllerAndPacketOutLeavesByTheGivenPort() {
		List<String> packetIns = new ArrayList<>();
		this.s.setControllerSink(
				(node, ingressPort, frame, length) -> packetIns.add(node.name() + ":" + ingressPort + ":" + length));
		this.s.setDataPlane(PacketContext::sendToController);
		this.fixture.sendAt(0, this.a, 123);
		byte[] packetOut = new byte[80];
		this.fixture.scheduler.schedule(500_000, () -> this.s.transmit(3, packetOut, 0, 80, null));
		this.fixture.clock.runUntil(1_000_000);
		assertThat(packetIns).containsExactly("s:1:123");
		assertThat(this.atC).extracting(Received::length).containsExactly(80);
	}

	@Test
	void injectedFramesRunThroughThePipelineWithTheGivenIngressPort() {
		List<Integer> ingressPorts = new ArrayList<>();
		this.s.setDataPlane(context -> {
			ingressPorts.add(context.ingressPort());
			context.emit(2);
		});
		this.fixture.scheduler.schedule(10, () -> this.s.injectIngress(255, new byte[64], 0, 64));
		this.fixture.clock.runUntil(1_000_000);
		assertThat(ingressPorts).containsExactly(255);
		assertThat(this.atB).hasSize(1);
	}

	@Test
	void aThrowingPipelineDropsThePacketAndTheEmulationGoesOn() {
		List<Boolean> fail = new ArrayList<>(List.of(true, false));
		this.s.setDataPlane(context -> {
			if (fail.remove(0)) {
				throw new IllegalStateException("malformed INT stack");
			}
			context.emit(2);
		});
		this.fixture.sendAt(0, this.a, 100);
		this.fixture.sendAt(100_000, this.a, 100);
		this.fixture.clock.runUntil(1_000_000);
		assertThat(this.s.pipelineFailures()).isEqualTo(1);
		assertThat(this.atB).hasSize(1);
		assertThat(this.fixture.pool.inUse()).isZero();
	}

	@Test
	void ingressFactsAreTheArrivalTimeAndPort() {
		List<long[]> facts = new ArrayList<>();
		this.s.setDataPlane(context -> {
			facts.add(new long[] { context.ingressTimestampNanos(), context.ingressPort(),
					this.fixture.scheduler.now() });
			context.emit(2);
		});
		this.fixture.sendAt(50_000, this.c, 200);
		this.fixture.clock.runUntil(1_000_000);
		long arrival = 50_000 + serialization(200, 24, LINK.bandwidthBitsPerSecond()) + LINK.propagationDelayNanos();
		assertThat(facts).singleElement().satisfies(f -> assertThat(f).containsExactly(arrival, 3, arrival));
	}

}
