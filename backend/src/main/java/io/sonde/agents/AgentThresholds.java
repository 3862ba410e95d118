package io.sonde.agents;

import java.math.BigInteger;
import java.util.Map;

/**
 * The thresholds of each NIC agent, kept by the backend and pushed to every interface of
 * the agent (its thresholds hash, then the channel of the same name).
 */
public interface AgentThresholds {

	/** The author of the adaptive loop's changes. */
	String ADAPTIVE = "sonde adaptive";

	/** The largest threshold: 2^64-1 (it disables the event). */
	BigInteger MAX = BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);

	/**
	 * Every threshold of the agent by {@code metric.type}: the backend's, else what the
	 * agent reports in force.
	 */
	Map<String, AgentThreshold> of(String agent);

	/**
	 * Sets one threshold (also its floor, below which the adaptive loop never lowers it)
	 * and pushes it.
	 * @param value null to keep the value and change only {@code pinned}
	 * @param pinned null to keep it as it is
	 * @throws AgentInputRejected naming the field at fault
	 */
	AgentThreshold set(String agent, String threshold, BigInteger value, Boolean pinned, String by);

}
