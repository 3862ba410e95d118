package io.sonde.probes.recovery;

import java.util.List;

/**
 * One path of a session.
 *
 * @param path its index in the plan
 * @param switches the switches it visits, in order
 * @param outcome where it stands
 * @param sends how many probes were sent for it (retries and recovery probes included)
 * @param missing positions whose telemetry was not collected (all of them while running)
 */
public record PathReport(int path, List<String> switches, PathOutcome outcome, int sends, List<Integer> missing) {

	public PathReport {
		switches = List.copyOf(switches);
		missing = List.copyOf(missing);
	}

}
