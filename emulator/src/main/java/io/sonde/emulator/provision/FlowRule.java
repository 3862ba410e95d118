package io.sonde.emulator.provision;

import io.sonde.emulator.pipeline.FlowMatch;

/**
 * One entry of a table keyed by flow ({@code int_watchlist}, {@code event_filter_flows}):
 * the key, its priority (the tables are ternary and range), the action.
 */
public record FlowRule<A>(FlowMatch match, int priority, A action) {

	public FlowRule {
		if (match == null || action == null) {
			throw new IllegalArgumentException("a flow rule needs a key and an action");
		}
		if (priority <= 0) {
			throw new IllegalArgumentException("ternary and range tables need a priority above 0: " + priority);
		}
	}

}
