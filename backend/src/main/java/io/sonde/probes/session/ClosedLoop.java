package io.sonde.probes.session;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import io.sonde.probes.Link;
import io.sonde.probes.PlanRequest;
import io.sonde.probes.ProbePlan;
import io.sonde.probes.ProbePlanner;
import io.sonde.probes.ProbeSession;
import io.sonde.probes.ProbeSession.ComponentVerdict;
import io.sonde.probes.ProbeSession.Replan;
import io.sonde.topology.ImportedTopology;
import io.sonde.topology.LinkStates;
import io.sonde.topology.Topology;
import io.sonde.topology.TopologyGraph;
import io.sonde.topology.TopologyLink;

/**
 * The closed loop between sessions: what a session marked unavailable is kept out of the
 * next plans for {@code avoid-for} (or until the link is reported up again, or a new
 * topology is imported), and links the topology module reports down are never planned
 * over. Each session's record says what was avoided and why.
 */
final class ClosedLoop {

	private final AvoidList avoid;

	private final LinkStates links;

	private final Duration avoidFor;

	ClosedLoop(AvoidList avoid, LinkStates links, Duration avoidFor) {
		this.avoid = avoid;
		this.links = links;
		this.avoidFor = avoidFor;
	}

	static String stamp(ImportedTopology imported) {
		return imported.topology().name() + "@" + imported.importedAt();
	}

	/**
	 * Plans around what is avoided now.
	 * @param previous the last session that ended, to tell a topology change
	 */
	Planned plan(ProbePlanner planner, ImportedTopology imported, PlanRequest request, Optional<ProbeSession> previous,
			Instant now) {
		Topology topology = imported.topology();
		Set<String> switches = new LinkedHashSet<>();
		Set<Link> avoidedLinks = new LinkedHashSet<>();
		List<String> reasons = new ArrayList<>();
		for (Map.Entry<String, String> entry : this.avoid.current(now).entrySet()) {
			String[] field = entry.getKey().split(":", 2);
			if (field[0].equals("switch") && topology.switchNamed(field[1]).isPresent()) {
				switches.add(field[1]);
				reasons.add("switch " + field[1] + " unavailable in " + entry.getValue());
			}
			else if (field[0].equals("link")) {
				String[] ends = field[1].split("--", 2);
				if (ends.length == 2 && topology.switchNamed(ends[0]).isPresent()
						&& topology.switchNamed(ends[1]).isPresent()) {
					avoidedLinks.add(Link.between(ends[0], ends[1]));
					reasons.add("link " + field[1] + " unavailable in " + entry.getValue());
				}
			}
		}
		for (TopologyLink down : this.links.down()) {
			String a = down.a().node();
			String b = down.b().node();
			if (topology.switchNamed(a).isPresent() && topology.switchNamed(b).isPresent()
					&& avoidedLinks.add(Link.between(a, b))) {
				reasons.add("link " + Link.between(a, b) + " down (" + down + ")");
			}
		}
		String stamp = stamp(imported);
		previous.filter((session) -> session.topology() != null && !session.topology().equals(stamp))
			.ifPresent((session) -> reasons.add("topology changed since " + session.id() + ": " + stamp));
		ProbePlan plan = planner.plan(TopologyGraph.of(topology), request.avoiding(switches, avoidedLinks));
		Replan replan = reasons.isEmpty() ? null
				: new Replan(reasons, List.copyOf(switches), avoidedLinks.stream().map(Link::toString).toList());
		return new Planned(plan, replan, stamp);
	}

	/**
	 * Keeps what the session found unavailable out of the next plans; congested is fine.
	 */
	void learn(ProbeSession session, Instant now) {
		for (ComponentVerdict verdict : session.components()) {
			String field = verdict.kind() + ":" + verdict.component();
			if (verdict.status().equals("unavailable")) {
				this.avoid.avoid(field, now.plus(this.avoidFor), session.id());
			}
			else {
				this.avoid.clear(field);
			}
		}
	}

	void linkUp(TopologyLink link) {
		this.avoid.clear(AvoidList.linkField(Link.between(link.a().node(), link.b().node())));
	}

	void topologyImported() {
		this.avoid.clearAll();
	}

	/**
	 * A plan and what the closed loop did to it.
	 *
	 * @param plan the paths
	 * @param replan what was avoided and why; null for none
	 * @param topology the topology's stamp
	 */
	record Planned(ProbePlan plan, Replan replan, String topology) {
	}

}
