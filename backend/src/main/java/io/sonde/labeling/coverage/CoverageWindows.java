package io.sonde.labeling.coverage;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;

import io.sonde.labeling.PortKey;

/**
 * The paper's coverage rate over consecutive telemetry intervals Ti (§4.2, §6.2): windows
 * {@code [startNanos + i * windowNanos, startNanos + (i + 1) * windowNanos)} collect the
 * ports updated at the controller and the ports that carried traffic, and are handed out
 * once closed. A port updated in a window counts as active in it too: an item proves the
 * port forwarded a packet, even when the counter poll that would show it has not arrived
 * yet.
 *
 * <p>
 * Pure and clock-free: the caller passes times in nanoseconds on any monotonic clock, so
 * the backend (wall clock) and the virtual-time repro drive the same code. A fact timed
 * before the oldest open window (it reached us after that window was closed) counts in
 * the oldest open window instead of being lost: the controller learned it then. Not
 * thread-safe; callers serialize access.
 */
public final class CoverageWindows {

	private final long windowNanos;

	private final long startNanos;

	/** Index of the oldest window not yet closed. */
	private long openIndex;

	private final TreeMap<Long, Pending> pending = new TreeMap<>();

	/**
	 * @param windowNanos the telemetry interval Ti in nanoseconds, positive
	 * @param startNanos where the first window starts
	 */
	public CoverageWindows(long windowNanos, long startNanos) {
		if (windowNanos <= 0) {
			throw new IllegalArgumentException("windowNanos must be positive, was " + windowNanos);
		}
		this.windowNanos = windowNanos;
		this.startNanos = startNanos;
	}

	/**
	 * An item for {@code port} was applied at the controller at {@code at}.
	 * @param port the labeled port
	 * @param at when the controller applied it
	 */
	public void updated(PortKey port, long at) {
		Objects.requireNonNull(port, "port");
		Pending window = windowAt(at);
		window.covered.add(port);
		window.active.add(port);
	}

	/**
	 * {@code port} carried traffic at {@code at} (its egress counter rose).
	 * @param port the active port
	 * @param at when it was seen carrying traffic
	 */
	public void carried(PortKey port, long at) {
		Objects.requireNonNull(port, "port");
		windowAt(at).active.add(port);
	}

	/**
	 * Closes every window that ended at or before {@code now}, in time order, empty ones
	 * included (their rate is 1.0).
	 * @param now the current time in nanoseconds
	 * @return the windows closed by this call, oldest first; empty when none ended
	 */
	public List<CoverageWindow> closeUntil(long now) {
		List<CoverageWindow> closed = new ArrayList<>();
		while (endOf(this.openIndex) <= now) {
			Pending window = this.pending.remove(this.openIndex);
			Set<PortKey> active = (window != null) ? window.active : Set.of();
			Set<PortKey> covered = (window != null) ? window.covered : Set.of();
			closed.add(new CoverageWindow(startOf(this.openIndex), endOf(this.openIndex), active, covered));
			this.openIndex++;
		}
		return closed;
	}

	/**
	 * @return the start of the oldest window not yet closed
	 */
	public long openStart() {
		return startOf(this.openIndex);
	}

	private Pending windowAt(long at) {
		long index = Math.max(this.openIndex, Math.floorDiv(at - this.startNanos, this.windowNanos));
		return this.pending.computeIfAbsent(index, (ignored) -> new Pending());
	}

	private long startOf(long index) {
		return this.startNanos + index * this.windowNanos;
	}

	private long endOf(long index) {
		return startOf(index + 1);
	}

	/** The sets of a window still open; mutable until it closes. */
	private static final class Pending {

		private final Set<PortKey> active = new HashSet<>();

		private final Set<PortKey> covered = new HashSet<>();

	}

}
