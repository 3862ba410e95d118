package io.sonde.labeling;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * A specific flow's latest hop-by-hop path (paper §3.3).
 *
 * @param flow {@code src:sport>dst:dport/proto}
 * @param hops one state per hop, in path order
 * @param at when the export that carried it was collected
 */
public record FlowPath(String flow, List<PortLabelState> hops, Instant at) {

	public FlowPath {
		Objects.requireNonNull(flow, "flow");
		hops = List.copyOf(hops);
		Objects.requireNonNull(at, "at");
	}

}
