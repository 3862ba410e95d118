package io.sonde.alerts.internal.linkloss;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.sonde.switches.PollingRound;
import io.sonde.switches.PollingRound.PortPackets;
import io.sonde.switches.PollingRound.SwitchPoll;
import io.sonde.topology.LinkEnd;
import io.sonde.topology.Topology;
import io.sonde.topology.TopologyLink;

/**
 * The loss of every switch-to-switch link of a topology, each direction apart, between
 * two port-counter polling rounds: of the frames the sending port's egress counted, the
 * share the receiving port's ingress did not. Links to hosts have no counter at the far
 * end and are left out, as are directions with an end that was not read in both rounds or
 * whose counters went back (a restarted switch).
 */
public final class LinkLosses {

	private LinkLosses() {
	}

	/**
	 * @param latest the latest round
	 * @param previous the round before it
	 * @return one loss per measurable direction, in the topology's link order (a to b,
	 * then b to a)
	 */
	public static List<LinkLoss> between(Topology topology, PollingRound latest, PollingRound previous) {
		Map<String, SwitchPoll> now = readable(latest);
		Map<String, SwitchPoll> before = readable(previous);
		List<LinkLoss> losses = new ArrayList<>();
		for (TopologyLink link : topology.links()) {
			String name = link.a() + "-" + link.b();
			direction(name, link.a(), link.b(), now, before, losses);
			direction(name, link.b(), link.a(), now, before, losses);
		}
		return losses;
	}

	private static void direction(String link, LinkEnd from, LinkEnd to, Map<String, SwitchPoll> now,
			Map<String, SwitchPoll> before, List<LinkLoss> losses) {
		Long sent = delta(from, now, before, true);
		Long received = delta(to, now, before, false);
		if (sent == null || received == null) {
			return;
		}
		// Frames in flight when a counter was read land in the next round: the ratio
		// is kept within 0..1 rather than reported as a gain or a loss over 100 %.
		double ratio = (sent == 0) ? 0 : Math.max(0, Math.min(1, (sent - received) / (double) sent));
		losses.add(new LinkLoss(link, from.node(), from.port(), sent, received, ratio));
	}

	/** Packets the port counted between the rounds; null when it cannot be known. */
	private static Long delta(LinkEnd end, Map<String, SwitchPoll> now, Map<String, SwitchPoll> before,
			boolean egress) {
		SwitchPoll latest = now.get(end.node());
		SwitchPoll earlier = before.get(end.node());
		if (latest == null || earlier == null) {
			return null;
		}
		PortPackets a = latest.port(end.port());
		PortPackets b = earlier.port(end.port());
		if (a == null || b == null) {
			return null;
		}
		long difference = egress ? a.out() - b.out() : a.in() - b.in();
		return (difference < 0) ? null : difference;
	}

	private static Map<String, SwitchPoll> readable(PollingRound round) {
		Map<String, SwitchPoll> polls = new HashMap<>();
		if (round != null) {
			round.switches()
				.stream()
				.filter((poll) -> poll.error() == null)
				.forEach((poll) -> polls.put(poll.switchName(), poll));
		}
		return polls;
	}

	/**
	 * The loss of one direction of a link.
	 *
	 * @param link the link, named {@code a:aPort-b:bPort} as the Topology page names it
	 * @param switchName the sending switch
	 * @param port the sending port
	 * @param sent frames the sending port's egress counted between the rounds
	 * @param received frames the receiving port's ingress counted between them
	 * @param ratio {@code (sent - received) / sent} within 0..1; 0 when nothing was sent
	 */
	public record LinkLoss(String link, String switchName, int port, long sent, long received, double ratio) {
	}

}
