package io.sonde.probes.recovery;

import java.time.Instant;
import java.util.Objects;

/**
 * One entry of A.
 *
 * @param component the switch or link
 * @param status the latest deduction
 * @param markedAt when it was first marked unavailable
 * @param changedAt when the status last changed (markedAt until it turns congested)
 * @param path the path on which it was marked
 * @param position the switch's position on that path (for a link: its first end's, so the
 * link leaves the switch at {@code position} toward {@code position + 1})
 */
public record ComponentMark(ProbedComponent component, ComponentStatus status, Instant markedAt, Instant changedAt,
		int path, int position) {

	public ComponentMark {
		Objects.requireNonNull(component, "component");
		Objects.requireNonNull(status, "status");
		Objects.requireNonNull(markedAt, "markedAt");
		Objects.requireNonNull(changedAt, "changedAt");
	}

	ComponentMark congested(Instant at) {
		return new ComponentMark(this.component, ComponentStatus.CONGESTED, this.markedAt, at, this.path,
				this.position);
	}

}
