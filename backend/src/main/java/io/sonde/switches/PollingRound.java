package io.sonde.switches;

import java.time.Instant;
import java.util.List;
import java.util.Collections;
import java.util.SortedMap;
import java.util.TreeMap;

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
	 * @param perPort each port's counters, by port number (what link loss is computed
	 * from: the sender's egress against the receiver's ingress); ports read before an
	 * error only
	 */
	public record SwitchPoll(String switchName, int ports, long packetsIn, long packetsOut, double durationMillis,
			String error, SortedMap<Integer, PortPackets> perPort) {

		public SwitchPoll {
			perPort = Collections.unmodifiableSortedMap(new TreeMap<>(perPort));
		}

		/** A round's part without per-port counters. */
		public SwitchPoll(String switchName, int ports, long packetsIn, long packetsOut, double durationMillis,
				String error) {
			this(switchName, ports, packetsIn, packetsOut, durationMillis, error, new TreeMap<>());
		}

		/** The counters of {@code port}; null when it was not read. */
		public PortPackets port(int port) {
			return this.perPort.get(port);
		}

	}

	/**
	 * One port's packet counters as read in a round.
	 *
	 * @param in packets its ingress counted (received)
	 * @param out packets its egress counted (sent)
	 */
	public record PortPackets(long in, long out) {
	}

}
