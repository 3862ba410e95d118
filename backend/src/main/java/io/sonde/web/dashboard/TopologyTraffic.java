package io.sonde.web.dashboard;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.sonde.switches.PollingRound;
import io.sonde.topology.Topology;
import io.sonde.topology.TopologyLink;

/**
 * What the Topology page shows of the traffic: the packets each switch sent (its egress
 * port counters summed over its cabled ports, from the latest polling round) and the rate
 * since the round before, and the links known to be down. Sent as JSON.
 *
 * @param polledAt when the latest round began; null before the first
 * @param switches the topology's switches in document order
 * @param downLinks links known to be down, named as the drawing names edges
 * ({@code a:aPort-b:bPort})
 */
public record TopologyTraffic(Instant polledAt, List<SwitchTraffic> switches, List<String> downLinks) {

	/**
	 * @param latest the latest polling round, or null
	 * @param previous the round before it, or null
	 */
	static TopologyTraffic of(Topology topology, PollingRound latest, PollingRound previous, Set<TopologyLink> down) {
		Map<String, PollingRound.SwitchPoll> now = byName(latest);
		Map<String, PollingRound.SwitchPoll> before = byName(previous);
		double seconds = (latest != null && previous != null)
				? Duration.between(previous.startedAt(), latest.startedAt()).toNanos() / 1e9 : 0;
		List<SwitchTraffic> switches = topology.switches().stream().map((node) -> {
			PollingRound.SwitchPoll poll = now.get(node.name());
			if (poll == null || poll.error() != null) {
				return new SwitchTraffic(node.name(), null, null);
			}
			PollingRound.SwitchPoll earlier = before.get(node.name());
			Double rate = (earlier != null && earlier.error() == null && seconds > 0
					&& poll.packetsOut() >= earlier.packetsOut()) ? (poll.packetsOut() - earlier.packetsOut()) / seconds
							: null;
			return new SwitchTraffic(node.name(), poll.packetsOut(), rate);
		}).toList();
		List<String> downLinks = topology.links()
			.stream()
			.filter(down::contains)
			.map((link) -> link.a().node() + ":" + link.a().port() + "-" + link.b().node() + ":" + link.b().port())
			.toList();
		return new TopologyTraffic((latest != null) ? latest.startedAt() : null, switches, downLinks);
	}

	private static Map<String, PollingRound.SwitchPoll> byName(PollingRound round) {
		Map<String, PollingRound.SwitchPoll> polls = new HashMap<>();
		if (round != null) {
			round.switches().forEach((poll) -> polls.put(poll.switchName(), poll));
		}
		return polls;
	}

	/**
	 * @param name the switch
	 * @param packetsSent packets its ports sent, as counted; null when it was not polled
	 * @param packetsPerSecond its rate between the last two rounds; null until two rounds
	 * polled it (or when its counters went back, a restart)
	 */
	public record SwitchTraffic(String name, Long packetsSent, Double packetsPerSecond) {
	}

}
