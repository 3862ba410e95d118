package io.sonde.labeling;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * An export was collected and these of its items were newer than what was stored, so they
 * were applied. Never published with an empty list.
 *
 * @param applied the items applied, in path order
 * @param at when
 */
public record LabelStatesUpdated(List<PortLabelState> applied, Instant at) {

	public LabelStatesUpdated {
		applied = List.copyOf(applied);
		Objects.requireNonNull(at, "at");
	}

}
