package io.sonde.alerts.internal.linkloss;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import io.sonde.alerts.internal.linkloss.LinkLosses.LinkLoss;
import io.sonde.switches.PollingRound;
import io.sonde.switches.PollingRound.PortPackets;
import io.sonde.switches.PollingRound.SwitchPoll;
import io.sonde.topology.LinkEnd;
import io.sonde.topology.LinkProperties;
import io.sonde.topology.Topology;
import io.sonde.topology.TopologyHost;
import io.sonde.topology.TopologyLink;
import io.sonde.topology.TopologySwitch;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.assertj.core.api.Assertions.within;

/**
 * Link loss from two polling rounds of a line {@code h1 - s1 - s2}: s1's port 2 is cabled
 * to s2's port 1, s1's port 1 to the host.
 */
class LinkLossesTests {

	private static final Topology LINE = new Topology("line",
			List.of(new TopologySwitch("s1", 1, "127.0.0.1", 50001, "leaf", "00:00:00:00:01:01"),
					new TopologySwitch("s2", 2, "127.0.0.1", 50002, "leaf", "00:00:00:00:01:02")),
			List.of(new TopologyHost("h1", "10.0.0.1", "00:00:00:00:00:01")),
			List.of(new TopologyLink(new LinkEnd("h1", 0), new LinkEnd("s1", 1), LinkProperties.FORMAT_DEFAULTS),
					new TopologyLink(new LinkEnd("s1", 2), new LinkEnd("s2", 1), LinkProperties.FORMAT_DEFAULTS)));

	@Test
	void measuresEachDirectionAsTheSendersEgressAgainstTheReceiversIngress() {
		// s1 -> s2: 1,000 sent, 700 received (30 % lost); s2 -> s1: 200
		// sent, 200 received.
		PollingRound previous = round(Map.of(1, new PortPackets(5_000, 40), 2, new PortPackets(300, 10_000)),
				Map.of(1, new PortPackets(9_000, 300)));
		PollingRound latest = round(Map.of(1, new PortPackets(6_000, 40), 2, new PortPackets(500, 11_000)),
				Map.of(1, new PortPackets(9_700, 500)));

		List<LinkLoss> losses = LinkLosses.between(LINE, latest, previous);

		assertThat(losses)
			.extracting(LinkLoss::link, LinkLoss::switchName, LinkLoss::port, LinkLoss::sent, LinkLoss::received)
			.containsExactly(tuple("s1:2-s2:1", "s1", 2, 1_000L, 700L), tuple("s1:2-s2:1", "s2", 1, 200L, 200L));
		assertThat(losses.get(0).ratio()).isCloseTo(0.30, within(1e-9));
		assertThat(losses.get(1).ratio()).isZero();
	}

	@Test
	void leavesOutLinksToHostsWhoseFarEndHasNoCounters() {
		PollingRound previous = round(Map.of(1, new PortPackets(0, 0), 2, new PortPackets(0, 0)),
				Map.of(1, new PortPackets(0, 0)));
		PollingRound latest = round(Map.of(1, new PortPackets(100, 100), 2, new PortPackets(50, 50)),
				Map.of(1, new PortPackets(50, 50)));

		assertThat(LinkLosses.between(LINE, latest, previous)).extracting(LinkLoss::link).containsOnly("s1:2-s2:1");
	}

	@Test
	void countsAnIdleDirectionAsLosingNothing() {
		PollingRound round = round(Map.of(2, new PortPackets(10, 10)), Map.of(1, new PortPackets(10, 10)));

		assertThat(LinkLosses.between(LINE, round, round)).extracting(LinkLoss::ratio).containsExactly(0.0, 0.0);
	}

	@Test
	void keepsTheRatioWithinZeroAndOneWhenFramesInFlightCrossTheRounds() {
		// 100 sent, 120 received: the receiver counted 20 frames sent before
		// the earlier round.
		PollingRound previous = round(Map.of(2, new PortPackets(0, 0)), Map.of(1, new PortPackets(0, 0)));
		PollingRound latest = round(Map.of(2, new PortPackets(0, 100)), Map.of(1, new PortPackets(120, 0)));

		assertThat(LinkLosses.between(LINE, latest, previous).get(0).ratio()).isZero();
	}

	@Test
	void skipsADirectionWhoseCountersWentBackOrWhoseSwitchWasNotRead() {
		PollingRound previous = round(Map.of(2, new PortPackets(0, 500)), Map.of(1, new PortPackets(400, 0)));
		PollingRound restarted = round(Map.of(2, new PortPackets(0, 20)), Map.of(1, new PortPackets(415, 0)));
		PollingRound s2Unreadable = new PollingRound(Instant.parse("2026-11-27T10:00:01Z"), 2, List
			.of(poll("s1", Map.of(2, new PortPackets(0, 600))), new SwitchPoll("s2", 2, 0, 0, 1, "UNAVAILABLE")), 2, 1);

		assertThat(LinkLosses.between(LINE, restarted, previous)).extracting(LinkLoss::switchName)
			.containsExactly("s2");
		assertThat(LinkLosses.between(LINE, s2Unreadable, previous)).isEmpty();
		assertThat(LinkLosses.between(LINE, previous, null)).isEmpty();
	}

	private static PollingRound round(Map<Integer, PortPackets> s1, Map<Integer, PortPackets> s2) {
		return new PollingRound(Instant.parse("2026-11-27T10:00:00Z"), 2, List.of(poll("s1", s1), poll("s2", s2)), 8,
				1);
	}

	private static SwitchPoll poll(String name, Map<Integer, PortPackets> ports) {
		return new SwitchPoll(name, ports.size(), 0, 0, 1, null, new TreeMap<>(ports));
	}

}
