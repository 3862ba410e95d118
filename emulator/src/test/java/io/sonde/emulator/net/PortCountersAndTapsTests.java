package io.sonde.emulator.net;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import static io.sonde.emulator.net.NetworkFixture.serialization;
import static org.assertj.core.api.Assertions.assertThat;

class PortCountersAndTapsTests {

	private static final LinkParameters LINK = new LinkParameters(1_000_000_000L, 2_000, 0, 0.0, 100, 24);

	@Test
	void portTapsSeeReceivedAndTransmittedFramesWithTheirTimes() {
		NetworkFixture fixture = new NetworkFixture(4);
		HostNode a = fixture.host("a", 1);
		HostNode b = fixture.host("b", 2);
		SwitchNode s = fixture.switchNode("s", 1);
		fixture.connect(a, 1, s, 1, LINK);
		fixture.connect(s, 2, b, 1, LINK);
		s.setDataPlane(context -> context.emit(2));
		List<String> seen = new ArrayList<>();
		PacketTap tap = (point, time, packet, frame, length) -> seen.add(point + "@" + time + "#" + length);
		s.port(1).addTap(tap);
		s.port(2).addTap(tap);
		fixture.sendAt(0, a, 300);
		fixture.clock.runUntil(1_000_000);

		long arrival = serialization(300, 24, LINK.bandwidthBitsPerSecond()) + LINK.propagationDelayNanos();
		assertThat(seen).containsExactly("s:1 rx@" + arrival + "#300", "s:2 tx@" + arrival + "#300");
		assertThat(s.port(1).counters().snapshot()).isEqualTo(new PortCounters.Snapshot(1, 300, 0, 0, 0, 0, 0));
		assertThat(s.port(2).counters().snapshot()).isEqualTo(new PortCounters.Snapshot(0, 0, 1, 300, 0, 0, 0));
	}

	@Test
	void aLinkTapSeesDeliveredFramesInBothDirectionsButNotLostOnes() {
		NetworkFixture fixture = new NetworkFixture(4);
		HostNode a = fixture.host("a", 1);
		HostNode b = fixture.host("b", 2);
		Link link = fixture.connect(a, 1, b, 1, LINK);
		List<String> seen = new ArrayList<>();
		link.addTap((point, time, packet, frame, length) -> seen.add(point.toString()));
		fixture.sendAt(0, a, 100);
		fixture.sendAt(0, b, 100);
		fixture.clock.runUntil(1_000_000);
		assertThat(seen).containsExactlyInAnyOrder("b:1 rx", "a:1 rx");
		assertThat(link.deliveredPackets()).isEqualTo(2);
		assertThat(fixture.network.packetHops()).isEqualTo(2);

		NetworkFixture lossy = new NetworkFixture(4);
		HostNode c = lossy.host("c", 3);
		HostNode d = lossy.host("d", 4);
		Link lost = lossy.connect(c, 1, d, 1, LINK.withLossProbability(1.0));
		List<String> none = new ArrayList<>();
		lost.addTap((point, time, packet, frame, length) -> none.add(point.toString()));
		lossy.sendAt(0, c, 100);
		lossy.clock.runUntil(1_000_000);
		assertThat(none).isEmpty();
		assertThat(c.port(1).counters().transmittedPackets()).isEqualTo(1);
	}

}
