package io.sonde.agents.internal;

import java.math.BigInteger;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

import io.sonde.agents.AgentThresholds;
import io.sonde.collectorfleet.CollectorThresholds;
import io.sonde.collectorfleet.ThresholdDefault;

/** The two kinds of {@link ThresholdOwner}. */
final class ThresholdOwners {

	private ThresholdOwners() {
	}

	/** An agent: its interfaces' events together against one budget. */
	static ThresholdOwner agent(String agent, RedisAgentThresholds thresholds, double budget) {
		String prefix = "nic_agent:" + agent + "/";
		return new ThresholdOwner() {

			@Override
			public String source() {
				return "nic_agent:" + agent;
			}

			@Override
			public String changeMetric(String key) {
				return "agent_threshold." + key;
			}

			@Override
			public double rate(Map<String, Double> perSource) {
				return perSource.entrySet()
					.stream()
					.filter((e) -> e.getKey().startsWith(prefix))
					.mapToDouble(Map.Entry::getValue)
					.sum();
			}

			@Override
			public double budget() {
				return budget;
			}

			@Override
			public Map<String, RedisAgentThresholds.Owned> thresholds() {
				return thresholds.owned(agent);
			}

			@Override
			public void apply(Map<String, BigInteger> changes) {
				thresholds.adapted(agent, changes);
			}

		};
	}

	/**
	 * The collector fleet: T(m) is one set for every collector, so the busiest collector
	 * (XDP or Java) is held to the budget; a metric's floor is Sonde's default.
	 */
	static ThresholdOwner collectors(CollectorThresholds thresholds, double budget, Set<String> pinned) {
		return new ThresholdOwner() {

			@Override
			public String source() {
				return "collectors";
			}

			@Override
			public String changeMetric(String key) {
				return "collector_threshold." + key;
			}

			@Override
			public double rate(Map<String, Double> perSource) {
				return perSource.entrySet()
					.stream()
					.filter((e) -> e.getKey().startsWith("xdp:") || e.getKey().startsWith("java:"))
					.mapToDouble(Map.Entry::getValue)
					.max()
					.orElse(0);
			}

			@Override
			public double budget() {
				return budget;
			}

			@Override
			public Map<String, RedisAgentThresholds.Owned> thresholds() {
				Map<String, BigInteger> floors = new LinkedHashMap<>();
				for (ThresholdDefault entry : thresholds.defaults()) {
					floors.put(entry.metric(), entry.value());
				}
				Map<String, RedisAgentThresholds.Owned> out = new LinkedHashMap<>();
				thresholds.current()
					.forEach((metric, value) -> out.put(metric, new RedisAgentThresholds.Owned(value,
							pinned.contains(metric), floors.getOrDefault(metric, BigInteger.ZERO).min(value), null)));
				return out;
			}

			@Override
			public void apply(Map<String, BigInteger> changes) {
				thresholds.change(changes, AgentThresholds.ADAPTIVE);
			}

		};
	}

}
