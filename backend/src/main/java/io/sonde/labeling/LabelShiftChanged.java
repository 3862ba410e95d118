package io.sonde.labeling;

import java.time.Instant;
import java.util.Objects;

/**
 * The adaptive loop changed a port's S (Reg2): the port labels every T >> S.
 *
 * @param port the switch and egress port
 * @param from S before
 * @param to S after
 * @param why {@code stale} (raised) or {@code recovered} (lowered), or another short
 * reason
 * @param at when
 */
public record LabelShiftChanged(PortKey port, int from, int to, String why, Instant at) {

	public LabelShiftChanged {
		Objects.requireNonNull(port, "port");
		Objects.requireNonNull(why, "why");
		Objects.requireNonNull(at, "at");
	}

}
