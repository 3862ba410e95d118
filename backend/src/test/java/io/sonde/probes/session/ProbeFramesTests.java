package io.sonde.probes.session;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.util.ArrayList;
import java.util.List;

import io.sonde.p4programs.codec.GpintProbe;
import io.sonde.p4programs.codec.GpintProbeCodec;
import io.sonde.p4programs.codec.ProbeHop;
import io.sonde.p4programs.codec.ProbeKind;
import io.sonde.p4programs.codec.ProbeRequestType;
import io.sonde.p4programs.codec.SourceRouteEntry;
import io.sonde.probes.recovery.ArrivalKind;
import io.sonde.topology.LinkEnd;
import io.sonde.topology.LinkProperties;
import io.sonde.topology.Topology;
import io.sonde.topology.TopologyGraph;
import io.sonde.topology.TopologyHost;
import io.sonde.topology.TopologyLink;
import io.sonde.topology.TopologySwitch;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/** Source routes from the topology, probe frames, and PacketIns read back. */
class ProbeFramesTests {

	private static final Inet4Address MONITOR = monitor();

	@Test
	void routesEachSwitchOutOfItsPortTowardTheNextAndAsksForItsCabledPorts() throws Exception {
		ProbeFrames frames = new ProbeFrames(TopologyGraph.of(line()), ProbeRequestType.PORT_PACKETS, MONITOR);

		byte[] frame = frames.frame(List.of("s1", "s2", "s3"), 0, 4711);

		GpintProbe probe = GpintProbeCodec.decodeFrame(frame);
		assertThat(probe.kind()).isEqualTo(ProbeKind.MEASUREMENT);
		assertThat(probe.requestId()).isEqualTo(4711);
		assertThat(probe.sourceRoute()).containsExactly(new SourceRouteEntry(2, 1, 2), new SourceRouteEntry(5, 1, 5),
				new SourceRouteEntry(0, 1, 3));
		assertThat(frame).startsWith((byte) 0x02, (byte) 0x53, (byte) 0, (byte) 0, (byte) 0, (byte) 1);
		assertThat(frames.route(List.of("s1", "s2", "s3"), 2)).containsExactly(new SourceRouteEntry(0, 1, 3));
	}

	@Test
	void asksForTheRouteGroupsOfRuleHits() {
		ProbeFrames frames = new ProbeFrames(TopologyGraph.of(line()), ProbeRequestType.RULE_HITS, MONITOR);
		assertThat(frames.route(List.of("s3", "s2"), 0)).containsExactly(new SourceRouteEntry(1, 0, 3),
				new SourceRouteEntry(0, 0, 3));
		assertThat(frames.firstIndex()).isZero();
	}

	@Test
	void refusesAPathThatIsNotWalkable() {
		ProbeFrames frames = new ProbeFrames(TopologyGraph.of(line()), ProbeRequestType.PORT_PACKETS, MONITOR);
		assertThatIllegalStateException().isThrownBy(() -> frames.frame(List.of("s1", "s3"), 0, 1))
			.withMessageContaining("no link from s1 to s3");
	}

	@Test
	void cutsPathsLongerThanAProbeCarriesIntoConsecutivePieces() {
		List<String> long100 = new ArrayList<>();
		for (int i = 0; i < 100; i++) {
			long100.add("s" + i);
		}
		List<List<String>> pieces = ProbeFrames.segments(List.of(long100, List.of("a", "b")));
		assertThat(pieces).extracting(List::size).containsExactly(64, 36, 2);
		assertThat(pieces.get(1).get(0)).isEqualTo("s64");
	}

	@Test
	void readsCompletedProbesFeedbacksAndNotificationsFromPacketIns() {
		GpintProbe sent = GpintProbe.start(9, ProbeRequestType.PORT_PACKETS,
				List.of(new SourceRouteEntry(2, 1, 1), new SourceRouteEntry(0, 1, 1)));
		GpintProbe completed = sent.afterHop(new ProbeHop(1, 0, List.of(5L))).afterHop(new ProbeHop(2, 3, List.of(6L)));
		byte[] mac = new byte[6];

		assertThat(ProbeFrames.decode(GpintProbeCodec.encodeFrame(completed, mac, mac, MONITOR)))
			.hasValueSatisfying((received) -> {
				assertThat(received.requestId()).isEqualTo(9);
				assertThat(received.kind()).isEqualTo(ArrivalKind.COMPLETED);
				assertThat(received.hops()).extracting((hop) -> hop.measurements().get(0)).containsExactly(5L, 6L);
			});
		assertThat(ProbeFrames.decode(GpintProbeCodec.encodeFrame(sent.feedback(), mac, mac, MONITOR)))
			.hasValueSatisfying((received) -> assertThat(received.kind()).isEqualTo(ArrivalKind.FEEDBACK));
		GpintProbe notified = sent.afterHop(new ProbeHop(1, 0, List.of(5L))).withKind(ProbeKind.RECOVERY);
		assertThat(ProbeFrames.decode(GpintProbeCodec.encodeFrame(notified, mac, mac, MONITOR)))
			.hasValueSatisfying((received) -> {
				assertThat(received.kind()).isEqualTo(ArrivalKind.RECOVERY_NOTIFICATION);
				assertThat(received.hops()).hasSize(1);
			});
		assertThat(ProbeFrames.decode(GpintProbeCodec.encodeFrame(sent, mac, mac, MONITOR)))
			.as("a probe still on its way is no answer")
			.isEmpty();
		assertThat(ProbeFrames.decode(new byte[] { 1, 2, 3 })).isEmpty();
	}

	/** s1:2 - s2:1, s2:5 - s3:1; hosts h1 on s1:1, h2 on s3:3. */
	private static Topology line() {
		LinkProperties plain = LinkProperties.FORMAT_DEFAULTS;
		return new Topology("line", List.of(node("s1", 1), node("s2", 2), node("s3", 3)),
				List.of(new TopologyHost("h1", "10.0.0.1", "0a:00:00:00:00:01"),
						new TopologyHost("h2", "10.0.0.2", "0a:00:00:00:00:02")),
				List.of(new TopologyLink(new LinkEnd("s1", 2), new LinkEnd("s2", 1), plain),
						new TopologyLink(new LinkEnd("s2", 5), new LinkEnd("s3", 1), plain),
						new TopologyLink(new LinkEnd("h1", 1), new LinkEnd("s1", 1), plain),
						new TopologyLink(new LinkEnd("h2", 1), new LinkEnd("s3", 3), plain)));
	}

	private static TopologySwitch node(String name, long deviceId) {
		return new TopologySwitch(name, deviceId, "127.0.0.1", 50000 + (int) deviceId, "switch",
				String.format("02:53:00:00:00:%02x", deviceId));
	}

	private static Inet4Address monitor() {
		try {
			return (Inet4Address) InetAddress.getByName("127.0.0.1");
		}
		catch (java.net.UnknownHostException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
