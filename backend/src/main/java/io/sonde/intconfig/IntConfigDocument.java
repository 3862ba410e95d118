package io.sonde.intconfig;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The INT configuration of the network, as operators write it: where reports go, and what
 * each switch does. Switches not listed take no INT role. Both parts are required in a
 * configuration that is applied; turning INT off everywhere is a removal of its own
 * ({@link IntConfiguration#remove}), whose version holds {@link #EMPTY}.
 *
 * @param report the sinks' report session
 * @param switches one entry per switch with an INT role; null when the body had none
 */
public record IntConfigDocument(ReportSession report, List<SwitchIntConfig> switches) {

	/** No switch has an INT role: what a removal version holds. */
	public static final IntConfigDocument EMPTY = new IntConfigDocument(null, List.of());

	public IntConfigDocument {
		switches = copyKeepingNulls(switches);
	}

	/** The switches listed; none when the body had none. */
	public List<SwitchIntConfig> switchesOrNone() {
		return (this.switches != null) ? this.switches : List.of();
	}

	/**
	 * An unmodifiable copy that keeps null items, so the checks can name
	 * {@code switches[3]} rather than the body failing to bind.
	 */
	static <T> List<T> copyKeepingNulls(List<T> items) {
		return (items != null) ? Collections.unmodifiableList(new ArrayList<>(items)) : null;
	}

	/**
	 * Where sinks send telemetry reports.
	 *
	 * @param collectorIp the collector's IPv4 address
	 * @param collectorPort its UDP port; default 32766
	 * @param collectorMac the collector's (or next hop's) MAC; default 02:00:00:c0:11:ec
	 * @param reportPort the switch port clone session 500 mirrors reports to; default 500
	 * @param hwId the Telemetry Report hw_id (6 bits); default 0
	 * @param format the report format; sonde.p4 builds {@code v2.0} (the default) only
	 */
	public record ReportSession(String collectorIp, Integer collectorPort, String collectorMac, Integer reportPort,
			Integer hwId, String format) {
	}

	/**
	 * One switch's INT roles and settings.
	 *
	 * @param name a registered switch (or one of the topology)
	 * @param roles {@code source}, {@code transit}, {@code sink}; sonde.p4 pushes a hop
	 * at every switch an INT packet crosses, so a source or sink is a transit too
	 * @param nodeId the INT node id of its hops; default its device id
	 * @param sinkPorts ports where INT ends (sink); default the ports the topology cables
	 * to hosts
	 * @param watchlist the flows a source gives INT to (source)
	 * @param eventFilter which reports the sink sends (sink); default every packet
	 */
	public record SwitchIntConfig(String name, List<String> roles, Long nodeId, List<Integer> sinkPorts,
			List<WatchRule> watchlist, EventFilter eventFilter) {

		public SwitchIntConfig {
			roles = (roles != null) ? copyKeepingNulls(roles) : List.of();
			watchlist = (watchlist != null) ? copyKeepingNulls(watchlist) : List.of();
		}

	}

	/**
	 * A watchlist entry: matching flows get an INT header.
	 *
	 * @param match which flows; default every flow
	 * @param instructions item names (see {@link Instruction}) or {@code all}; default
	 * all
	 * @param maxHops hops a packet may collect, 1-8; default 8
	 * @param priority higher wins among overlapping entries; default 10
	 */
	public record WatchRule(FlowMatchSpec match, List<String> instructions, Integer maxHops, Integer priority) {
	}

	/**
	 * A flow match: prefixes, protocol and L4 port ranges; absent fields match anything.
	 *
	 * @param srcPrefix e.g. {@code 10.0.1.0/24} or {@code 10.0.1.2}
	 * @param dstPrefix e.g. {@code 10.0.0.0/8}
	 * @param protocol IP protocol number (6 TCP, 17 UDP)
	 * @param srcPorts {@code 80} or {@code 1024-65535}
	 * @param dstPorts {@code 80} or {@code 1024-65535}
	 */
	public record FlowMatchSpec(String srcPrefix, String dstPrefix, Integer protocol, String srcPorts,
			String dstPorts) {
	}

	/**
	 * Paper 003's per-flow pre-filter at the sink.
	 *
	 * @param algorithm {@code every-packet} (default), {@code noop},
	 * {@code per-hop-change}, {@code flow-sum-change}, {@code moving-average} or
	 * {@code complex}
	 * @param metric {@code hop-latency}, {@code queue-occupancy}, {@code tx-utilization}
	 * or {@code buffer-occupancy} (all but every-packet, noop and complex)
	 * @param threshold change that triggers a report
	 * @param emaWeight moving-average weight in 1/256 (1-255; moving-average only)
	 * @param match the flows it applies to; default every flow
	 * @param expression {@code complex}: clauses (AND) of up to 2 literals (OR), up to 4
	 * clauses
	 */
	public record EventFilter(String algorithm, String metric, Long threshold, Integer emaWeight, FlowMatchSpec match,
			List<List<CnfLiteral>> expression) {
	}

	/**
	 * One literal of a complex expression: the path's sum (or maximum) of a metric
	 * compared with a threshold.
	 *
	 * @param metric as {@link EventFilter#metric()}
	 * @param aggregate {@code sum} (default) or {@code max}
	 * @param operator {@code >}, {@code >=}, {@code <}, {@code <=}, {@code ==},
	 * {@code !=}
	 * @param threshold the value compared with
	 */
	public record CnfLiteral(String metric, String aggregate, String operator, Long threshold) {
	}

}
