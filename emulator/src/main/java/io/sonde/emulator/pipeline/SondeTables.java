package io.sonde.emulator.pipeline;

/**
 * The tables of sonde.p4 as its controls apply them: one method per table, returning the
 * action the lookup ran with its parameters (the matched entry's, or the default action).
 * Every lookup that matches an entry counts the packet in that entry's direct counter
 * ({@code
 *
<table>
 * _counter}, packets and bytes), as v1model does on a hit; a miss counts nothing. Results
 * are immutable and shared: implementations return the entry's own record and allocate
 * nothing per lookup.
 */
public interface SondeTables {

	/** {@code SondeIngress.forwarding.ipv4_lpm}, key {@code dst_addr} lpm 32. */
	NextHop ipv4Lpm(int dstAddr, int packetBytes);

	/**
	 * {@code SondeIngress.forwarding.next_hop}, key {@code group_id} exact, an indirect
	 * table whose action selector picks a member of the group by {@code ecmpHash} (the
	 * selector's input): the member's {@code set_next_hop}, or {@link NextHop#DROP} when
	 * the table misses or the group has no member ({@code set_next_hop_group} marked the
	 * packet to drop, and NoAction keeps it so).
	 */
	NextHop nextHop(int groupId, int ecmpHash, int packetBytes);

	/**
	 * {@code SondeIngress.forwarding.ecmp_salt}, keyless: the seed its default action
	 * {@code set_ecmp_salt(salt)} carries (0 before the control plane sets it). A keyless
	 * table only ever misses, so nothing is counted.
	 */
	long ecmpSalt();

	/** {@code SondeIngress.forwarding.ipv6_lpm}, key {@code dst_addr} lpm 128. */
	NextHop ipv6Lpm(long dstAddrHigh, long dstAddrLow, int packetBytes);

	/**
	 * {@code SondeIngress.int_source.int_watchlist}: ternary IPv4 addresses and protocol,
	 * range L4 ports ({@code meta.flow}).
	 */
	IntInsertion intWatchlist(int ipv4Src, int ipv4Dst, int ipProto, int l4SrcPort, int l4DstPort, int packetBytes);

	/**
	 * {@code SondeIngress.int_sink.int_sink_ports}, key {@code egress_port} exact:
	 * whether the action is {@code mark_sink_port}.
	 */
	boolean intSinkPorts(int egressPort, int packetBytes);

	/**
	 * {@code SondeIngress.int_sink.event_filter.event_filter_flows}, keyed as the
	 * watchlist.
	 */
	EventFilterAction eventFilterFlows(int ipv4Src, int ipv4Dst, int ipProto, int l4SrcPort, int l4DstPort,
			int packetBytes);

	/**
	 * {@code SondeEgress.int_node_id}, keyless: the INT node id its default action
	 * {@code set_int_node_id(node_id)} carries (0 before the control plane sets it).
	 */
	long intNodeId();

	/**
	 * sonde.p4's keyless {@code probe_settings}: what its default action
	 * {@code set_probe_settings(recovery_enabled, feedback_timeout_us)} carries
	 * ({@link ProbeSettings#DEFAULT} before the control plane sets it).
	 */
	ProbeSettings probeSettings();

	/**
	 * sonde.p4's keyless {@code label_settings}: what its default action
	 * {@code set_label_settings(mode, interval_us, rest_us, max_hop)} carries
	 * ({@link LabelSettings#DEFAULT} before the control plane sets it).
	 */
	LabelSettings labelSettings();

	/**
	 * {@code label_probability}, key {@code int_num} (the item count) exact:
	 * {@link LabelProbability#NEVER} on a miss.
	 */
	LabelProbability labelProbability(int itemCount, int packetBytes);

	/**
	 * {@code label_sink_ports}, key {@code egress_port} exact: whether the action is
	 * {@code mark_label_sink} (a port toward a host, where the option leaves the
	 * network).
	 */
	boolean labelSinkPorts(int egressPort, int packetBytes);

	/**
	 * {@code label_flows}, the 5-tuple exact with the original protocol and 0 for absent
	 * ports: {@link LabelFlow#NOT_SPECIFIC} on a miss.
	 */
	LabelFlow labelFlows(int ipv4Src, int ipv4Dst, int protocol, int l4SrcPort, int l4DstPort, int packetBytes);

	/**
	 * {@code SondeEgress.int_report.int_report_collectors}, key {@code egress_port} (the
	 * port the report leaves by) exact.
	 */
	ReportCollector intReportCollectors(int egressPort, int packetBytes);

	/**
	 * The egress port of a clone session (P4Runtime CloneSessionEntry, its first
	 * replica), or -1 when the session is not configured: a clone to such a session is
	 * not made.
	 */
	int cloneSessionPort(int sessionId);

}
