package io.sonde.agents.internal;

import java.math.BigInteger;
import java.util.Map;

/**
 * Something whose thresholds the adaptive loop keeps within an event-rate budget: an
 * agent (its nine thresholds), or the collector fleet (T(m), one set for all collectors).
 */
interface ThresholdOwner {

	/** The source of the events recording its changes, e.g. {@code nic_agent:host-7}. */
	String source();

	/** The metric a change of {@code key} is recorded under. */
	String changeMetric(String key);

	/** Its events a second, from every source's rate. */
	double rate(Map<String, Double> perSource);

	/** Events a second it may cost. */
	double budget();

	/** Its thresholds now, by key. */
	Map<String, RedisAgentThresholds.Owned> thresholds();

	/** Sets and pushes the changed thresholds. */
	void apply(Map<String, BigInteger> changes);

}
