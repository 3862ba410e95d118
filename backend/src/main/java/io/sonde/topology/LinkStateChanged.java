package io.sonde.topology;

import java.time.Instant;

/**
 * A link of the current topology went down or came back up (as its reporter saw it at
 * {@code at}). Planners that route around failures (ECMP groups) take it from here.
 */
public record LinkStateChanged(TopologyLink link, boolean up, Instant at) {

}
