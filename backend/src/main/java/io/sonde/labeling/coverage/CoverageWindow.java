package io.sonde.labeling.coverage;

import java.util.Objects;
import java.util.Set;

import io.sonde.labeling.PortKey;

/**
 * One closed telemetry interval Ti, {@code [start, end)} in nanoseconds: the ports that
 * were active in it and those the controller received an update for (paper §4.2 and
 * §6.2).
 *
 * @param start first nanosecond of the window
 * @param end first nanosecond after it
 * @param active ports that carried traffic or were updated during the window
 * @param covered ports whose latest state was updated during the window
 */
public record CoverageWindow(long start, long end, Set<PortKey> active, Set<PortKey> covered) {

	public CoverageWindow {
		if (end <= start) {
			throw new IllegalArgumentException("end " + end + " is not after start " + start);
		}
		active = Set.copyOf(Objects.requireNonNull(active, "active"));
		covered = Set.copyOf(Objects.requireNonNull(covered, "covered"));
	}

	/**
	 * The coverage rate: covered active ports over active ports; 1.0 when nothing was
	 * active, because no port went unmeasured.
	 * @return the rate in [0, 1]
	 */
	public double rate() {
		if (this.active.isEmpty()) {
			return 1.0;
		}
		long coveredActive = this.covered.stream().filter(this.active::contains).count();
		return (double) coveredActive / this.active.size();
	}

}
