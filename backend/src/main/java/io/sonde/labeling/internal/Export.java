package io.sonde.labeling.internal;

import java.time.Instant;

import io.sonde.p4programs.codec.LabeledPacket;

/**
 * One INT-label export as it reached the controller.
 *
 * @param lastHop the switch that sent it (its last hop)
 * @param packet the decoded packet: its items in path order
 * @param receivedAt when it arrived
 */
record Export(String lastHop, LabeledPacket packet, Instant receivedAt) {
}
