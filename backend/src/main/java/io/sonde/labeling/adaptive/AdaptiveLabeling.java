package io.sonde.labeling.adaptive;

import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

import io.sonde.labeling.PortKey;

/**
 * Algorithm 3 of the paper (adaptive labeling, "Pro") for many ports, without Redis,
 * Spring or a clock of its own: the backend and the virtual-time repro drive it with
 * their own times. Each port keeps its S and its LRT (when S last changed, or when the
 * port was first stepped: line 1 initialises LRT to the current time). At most once per k
 * * T a port is judged: stale (no item applied for more than k * T) raises S by one,
 * fresh lowers it by one while it is above 0. S stays within 0 .. maxShift; a stale port
 * already at maxShift still re-arms its LRT, as line 8 does. Not thread-safe: one caller
 * owns an instance.
 */
public final class AdaptiveLabeling {

	private final long agingNanos;

	private final int maxShift;

	private final Map<PortKey, PortShift> ports = new HashMap<>();

	/**
	 * @param agingNanos k * T in nanoseconds
	 * @param maxShift the highest S the control plane writes (15)
	 */
	public AdaptiveLabeling(long agingNanos, int maxShift) {
		if (agingNanos <= 0) {
			throw new IllegalArgumentException("agingNanos must be positive: " + agingNanos);
		}
		if (maxShift < 0) {
			throw new IllegalArgumentException("maxShift must not be negative: " + maxShift);
		}
		this.agingNanos = agingNanos;
		this.maxShift = maxShift;
	}

	/**
	 * Lines 4-12 for one port.
	 * @param port the port
	 * @param now the current time
	 * @param lastUpdate when the controller last applied an item for the port (RT), or
	 * {@link Long#MIN_VALUE} if never
	 * @return S after the step
	 */
	public int step(PortKey port, long now, long lastUpdate) {
		Objects.requireNonNull(port, "port");
		PortShift state = this.ports.computeIfAbsent(port, (key) -> new PortShift(0, now));
		if (!longerThanAging(now, state.lastChange)) {
			return state.shift;
		}
		if (lastUpdate == Long.MIN_VALUE || longerThanAging(now, lastUpdate)) {
			state.shift = Math.min(state.shift + 1, this.maxShift);
			state.lastChange = now;
		}
		else if (state.shift > 0) {
			state.shift -= 1;
			state.lastChange = now;
		}
		return state.shift;
	}

	/** S of a port; 0 for a port never stepped nor restored. */
	public int shift(PortKey port) {
		PortShift state = this.ports.get(port);
		return (state != null) ? state.shift : 0;
	}

	/**
	 * Puts a port's state back, e.g. from Redis after a restart.
	 * @param port the port
	 * @param shift its S (clamped to 0 .. maxShift)
	 * @param lastChange its LRT: when S last changed
	 */
	public void restore(PortKey port, int shift, long lastChange) {
		Objects.requireNonNull(port, "port");
		this.ports.put(port, new PortShift(Math.max(0, Math.min(shift, this.maxShift)), lastChange));
	}

	/** Forgets a port (it left the topology); its S counts as 0 again. */
	public void forget(PortKey port) {
		this.ports.remove(port);
	}

	/** now - since > k * T, without overflow for times far apart. */
	private boolean longerThanAging(long now, long since) {
		long elapsed = now - since;
		boolean overflowed = ((now ^ since) & (now ^ elapsed)) < 0;
		return overflowed ? since < now : elapsed > this.agingNanos;
	}

	private static final class PortShift {

		private int shift;

		private long lastChange;

		private PortShift(int shift, long lastChange) {
			this.shift = shift;
			this.lastChange = lastChange;
		}

	}

}
