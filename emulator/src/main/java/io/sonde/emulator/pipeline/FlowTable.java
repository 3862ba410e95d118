package io.sonde.emulator.pipeline;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * A table keyed by {@link FlowMatch} (ternary and range fields): entries are scanned in
 * priority order, the highest priority first (P4Runtime §9.1), and the first that matches
 * runs.
 *
 * @param <A> the action record
 */
final class FlowTable<A> {

	private record Entry<A>(FlowMatch match, int priority, A action, DirectCounterCell counter) {
	}

	private final String name;

	private final A defaultAction;

	private final int capacity;

	private final List<Entry<A>> entries = new ArrayList<>();

	@SuppressWarnings("unchecked")
	private Entry<A>[] scan = new Entry[0];

	FlowTable(String name, A defaultAction, int capacity) {
		this.name = name;
		this.defaultAction = defaultAction;
		this.capacity = capacity;
	}

	@SuppressWarnings("unchecked")
	DirectCounterCell add(FlowMatch match, int priority, A action) {
		if (priority <= 0) {
			throw new IllegalArgumentException(this.name + " has ternary and range keys: an entry needs a priority"
					+ " above 0 (P4Runtime §9.1), got " + priority);
		}
		for (Entry<A> entry : this.entries) {
			if (entry.match().equals(match) && entry.priority() == priority) {
				throw new IllegalArgumentException(
						this.name + " already has an entry " + match + " with priority " + priority);
			}
		}
		if (this.entries.size() == this.capacity) {
			throw new IllegalStateException(this.name + " is full (" + this.capacity + " entries)");
		}
		DirectCounterCell counter = new DirectCounterCell();
		this.entries.add(new Entry<>(match, priority, action, counter));
		// Stable sort: equal priorities keep the order they were added in.
		this.entries.sort(Comparator.comparingInt((Entry<A> entry) -> entry.priority()).reversed());
		this.scan = this.entries.toArray(new Entry[0]);
		return counter;
	}

	A lookup(int src, int dst, int proto, int srcPort, int dstPort, int packetBytes) {
		for (Entry<A> entry : this.scan) {
			if (entry.match().matches(src, dst, proto, srcPort, dstPort)) {
				entry.counter().hit(packetBytes);
				return entry.action();
			}
		}
		return this.defaultAction;
	}

}
