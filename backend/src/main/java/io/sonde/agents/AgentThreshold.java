package io.sonde.agents;

import java.math.BigInteger;
import java.time.Instant;

/**
 * One threshold of an agent ({@code metric.type}, e.g. {@code hop_latency.threshold}).
 *
 * @param value in force (unsigned 64-bit, in the metric's unit)
 * @param pinned an operator fixed it: the adaptive loop leaves it alone
 * @param lastChange null while nobody changed it through the backend
 */
public record AgentThreshold(BigInteger value, boolean pinned, LastChange lastChange) {

	/**
	 * @param at when
	 * @param by who (a user or token; {@value AgentThresholds#ADAPTIVE} for the loop)
	 * @param previous the value before
	 */
	public record LastChange(Instant at, String by, BigInteger previous) {
	}

}
