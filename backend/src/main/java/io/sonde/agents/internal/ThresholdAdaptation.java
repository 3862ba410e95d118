package io.sonde.agents.internal;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Map;
import java.util.TreeMap;

import io.sonde.agents.AgentThresholds;

/**
 * The decision of one round (the paper's thresholds mutated by the event processing
 * rate): above the budget every unpinned threshold is multiplied by the factor (at least
 * one more, so 0 moves), below half the budget each is divided by it, never below its
 * floor; in between nothing moves, so the loop does not swing around the budget.
 */
final class ThresholdAdaptation {

	private ThresholdAdaptation() {
	}

	/** The thresholds to change and their new values; empty when none moves. */
	static Map<String, BigInteger> decide(double rate, double budget, double factor,
			Map<String, RedisAgentThresholds.Owned> thresholds) {
		Map<String, BigInteger> changes = new TreeMap<>();
		if (budget <= 0) {
			return changes;
		}
		boolean raise = rate > budget;
		boolean lower = rate < budget / 2;
		BigDecimal by = BigDecimal.valueOf(factor);
		thresholds.forEach((key, owned) -> {
			BigInteger value = owned.value();
			BigInteger next = value;
			if (owned.pinned()) {
				return;
			}
			if (raise) {
				next = new BigDecimal(value).multiply(by)
					.toBigInteger()
					.max(value.add(BigInteger.ONE))
					.min(AgentThresholds.MAX);
			}
			else if (lower && value.compareTo(owned.floor()) > 0) {
				next = new BigDecimal(value).divide(by, java.math.RoundingMode.DOWN).toBigInteger().max(owned.floor());
			}
			if (!next.equals(value)) {
				changes.put(key, next);
			}
		});
		return changes;
	}

}
