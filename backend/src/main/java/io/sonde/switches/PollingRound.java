package io.sonde.switches;

import java.time.Instant;
import java.util.List;

/**
 * One polling round.
 *
 * @param startedAt when it began
 * @param concurrency switches polled at the same time
 * @param switches one result per switch polled
 * @param reads Read requests sent
 * @param durationMillis from the first request to the last answer: the collection latency
 */
public record PollingRound(Instant startedAt, int concurrency, List<SwitchPoll> switches, int reads,
		double durationMillis) {

	public PollingRound {
		switches = List.copyOf(switches);
	}

	/**
	 * One switch's part of a round.
	 *
	 * @param switchName the switch
	 * @param ports ports read (ingress and egress counter of each)
	 * @param packetsIn ingress packets summed over its ports
	 * @param packetsOut egress packets summed over its ports
	 * @param durationMillis its reads, first to last
	 * @param error why it could not be polled; null if it was
	 */
	public record SwitchPoll(String switchName, int ports, long packetsIn, long packetsOut, double durationMillis,
			String error) {
	}

}
