package io.sonde.web.dashboard.metrics;

import java.util.List;
import java.util.Map;

/**
 * The metrics of the paper's Table I that Sonde's collectors report, and what each is
 * keyed by, for the pages' choices.
 */
public final class MetricNames {

	public static final List<String> KNOWN = List.of("flow_path", "flow_latency", "hop_latency", "queue_occupancy",
			"queue_congestion", "link_utilization");

	/** What a key of each metric names, for the Metrics page's labels. */
	public static final Map<String, String> KEYED_BY = Map.of("flow_path", "flow", "flow_latency", "flow",
			"hop_latency", "flow and switch", "queue_occupancy", "switch and queue", "queue_congestion",
			"switch and queue", "link_utilization", "switch and egress port");

	private MetricNames() {
	}

	public static boolean known(String metric) {
		return KNOWN.contains(metric);
	}

}
