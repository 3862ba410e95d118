package io.sonde.emulator.pipeline;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import io.sonde.p4programs.names.P4Tables;

/**
 * The tables of one switch held in memory, filled through typed methods: the control
 * plane of virtual-time experiments and tests, where no P4Runtime server runs. Lookups
 * follow v1model (longest prefix, highest priority, exact ports) and count hits in each
 * entry's {@link DirectCounterCell}. Not thread-safe: fill it before traffic flows, from
 * the thread that runs the switch.
 */
public final class InMemorySondeTables implements SondeTables {

	/** {@code IPV4_LPM_TABLE_SIZE}, {@code IPV6_LPM_TABLE_SIZE}. */
	static final int LPM_TABLE_SIZE = 1024;

	/** {@code INT_WATCHLIST_TABLE_SIZE}, {@code EVENT_FILTER_TABLE_SIZE}. */
	static final int FLOW_TABLE_SIZE = 1024;

	private record Ipv6Route(long high, long low, int length, NextHop action, DirectCounterCell counter) {

		boolean covers(long addressHigh, long addressLow) {
			return (addressHigh & maskHigh()) == this.high && (addressLow & maskLow()) == this.low;
		}

		long maskHigh() {
			return (this.length == 0) ? 0 : (this.length >= 64) ? -1L : -1L << (64 - this.length);
		}

		long maskLow() {
			return (this.length <= 64) ? 0 : (this.length == 128) ? -1L : -1L << (128 - this.length);
		}

	}

	private final Ipv4LpmIndex ipv4Index = new Ipv4LpmIndex();

	private final List<NextHop> ipv4Actions = new ArrayList<>();

	private final List<DirectCounterCell> ipv4Counters = new ArrayList<>();

	private final List<Ipv6Route> ipv6Routes = new ArrayList<>();

	/** {@code next_hop}: group id -> the group's members, in member order. */
	private final Map<Integer, NextHop[]> groups = new HashMap<>();

	private final Map<Integer, DirectCounterCell> groupCounters = new HashMap<>();

	private final FlowTable<IntInsertion> watchlist = new FlowTable<>(P4Tables.IntWatchlist.ALIAS, IntInsertion.SKIP,
			FLOW_TABLE_SIZE);

	private final FlowTable<EventFilterAction> eventFilter = new FlowTable<>(P4Tables.EventFilterFlows.ALIAS,
			EventFilterAction.REPORT_EVERY_PACKET, FLOW_TABLE_SIZE);

	private final DirectCounterCell[] sinkPorts = new DirectCounterCell[SondePortCounter.SIZE];

	private final ReportCollector[] collectors = new ReportCollector[SondePortCounter.SIZE];

	private final DirectCounterCell[] collectorCounters = new DirectCounterCell[SondePortCounter.SIZE];

	private final IntIndexMap cloneSessions = new IntIndexMap();

	private long ecmpSalt;

	private long intNodeId;

	private ProbeSettings probeSettings = ProbeSettings.DEFAULT;

	private LabelSettings labelSettings = LabelSettings.DEFAULT;

	private final LabelProbability[] labelProbabilities = new LabelProbability[256];

	private final DirectCounterCell[] labelProbabilityCounters = new DirectCounterCell[256];

	private final DirectCounterCell[] labelSinkPorts = new DirectCounterCell[SondePortCounter.SIZE];

	private record FiveTuple(int src, int dst, int protocol, int srcPort, int dstPort) {
	}

	private final Map<FiveTuple, LabelFlow> labelFlows = new HashMap<>();

	private final Map<FiveTuple, DirectCounterCell> labelFlowCounters = new HashMap<>();

	/** Sets the default action of {@code ecmp_salt}: {@code set_ecmp_salt(salt)}. */
	public void setEcmpSalt(long salt) {
		this.ecmpSalt = checkBit32("ecmp salt", salt);
	}

	/**
	 * Sets the default action of {@code int_node_id}: {@code set_int_node_id(nodeId)}.
	 */
	public void setIntNodeId(long nodeId) {
		this.intNodeId = checkBit32("INT node id", nodeId);
	}

	/** Sets the default action of {@code probe_settings}. */
	public void setProbeSettings(ProbeSettings settings) {
		this.probeSettings = Objects.requireNonNull(settings, "settings");
	}

	/** Sets the default action of {@code label_settings}. */
	public void setLabelSettings(LabelSettings settings) {
		this.labelSettings = Objects.requireNonNull(settings, "settings");
	}

	/**
	 * Adds a {@code label_probability} entry for packets carrying {@code itemCount}
	 * items.
	 */
	public DirectCounterCell addLabelProbability(int itemCount, LabelProbability action) {
		Objects.requireNonNull(action, "action");
		if (itemCount < 0 || itemCount > 0xFF) {
			throw new IllegalArgumentException("int_num is bit<8>, 0..255: " + itemCount);
		}
		if (this.labelProbabilities[itemCount] != null) {
			throw new IllegalArgumentException("label_probability already has int_num " + itemCount);
		}
		this.labelProbabilities[itemCount] = action;
		this.labelProbabilityCounters[itemCount] = new DirectCounterCell();
		return this.labelProbabilityCounters[itemCount];
	}

	/** Adds a {@code label_sink_ports} entry running {@code mark_label_sink}. */
	public DirectCounterCell addLabelSinkPort(int port) {
		checkPort(port);
		if (this.labelSinkPorts[port] != null) {
			throw new IllegalArgumentException("label_sink_ports already has port " + port);
		}
		this.labelSinkPorts[port] = new DirectCounterCell();
		return this.labelSinkPorts[port];
	}

	/** Adds a {@code label_flows} entry (ports 0 for a protocol without them). */
	public DirectCounterCell addLabelFlow(int src, int dst, int protocol, int srcPort, int dstPort, LabelFlow action) {
		Objects.requireNonNull(action, "action");
		if (!action.specific()) {
			throw new IllegalArgumentException("a label_flows entry runs label_specific_flow");
		}
		FiveTuple key = new FiveTuple(src, dst, protocol & 0xFF, srcPort & 0xFFFF, dstPort & 0xFFFF);
		if (this.labelFlows.containsKey(key)) {
			throw new IllegalArgumentException("label_flows already has " + key);
		}
		checkRoom(P4Tables.LabelFlows.ALIAS, this.labelFlows.size(), LabelFlow.LABEL_FLOWS);
		DirectCounterCell counter = new DirectCounterCell();
		this.labelFlows.put(key, action);
		this.labelFlowCounters.put(key, counter);
		return counter;
	}

	/** Adds an {@code ipv4_lpm} entry. */
	public DirectCounterCell addIpv4Route(int prefix, int prefixLength, NextHop action) {
		Objects.requireNonNull(action, "action");
		if (prefixLength < 0 || prefixLength > 32) {
			throw new IllegalArgumentException("IPv4 prefix length must be 0..32: " + prefixLength);
		}
		if ((prefix & ~Ipv4LpmIndex.mask(prefixLength)) != 0) {
			throw new IllegalArgumentException("prefix 0x" + Integer.toHexString(prefix) + "/" + prefixLength
					+ " has bits past its length (P4Runtime §9.1.1)");
		}
		if (this.ipv4Index.find(prefix, prefixLength) >= 0) {
			throw new IllegalArgumentException(
					"ipv4_lpm already has 0x" + Integer.toHexString(prefix) + "/" + prefixLength);
		}
		checkRoom(P4Tables.Ipv4Lpm.ALIAS, this.ipv4Actions.size(), LPM_TABLE_SIZE);
		DirectCounterCell counter = new DirectCounterCell();
		this.ipv4Index.add(prefix, prefixLength, this.ipv4Actions.size());
		this.ipv4Actions.add(action);
		this.ipv4Counters.add(counter);
		return counter;
	}

	/**
	 * Binds {@code next_hop} group {@code groupId} to its members, in the order a
	 * selector draws from (an {@code ipv4_lpm} entry reaches it with
	 * {@link NextHop#group}). A group without members drops.
	 */
	public DirectCounterCell addNextHopGroup(int groupId, List<NextHop> members) {
		NextHop.group(groupId);
		for (NextHop member : members) {
			if (member.drop() || member.isGroup()) {
				throw new IllegalArgumentException("a next_hop member runs set_next_hop: " + member);
			}
		}
		if (this.groups.containsKey(groupId)) {
			throw new IllegalArgumentException("next_hop already has group " + groupId);
		}
		checkRoom(P4Tables.NextHop.ALIAS, this.groups.size(), LPM_TABLE_SIZE);
		DirectCounterCell counter = new DirectCounterCell();
		this.groups.put(groupId, members.toArray(NextHop[]::new));
		this.groupCounters.put(groupId, counter);
		return counter;
	}

	/** Adds an {@code ipv6_lpm} entry; the address is its high and low 64 bits. */
	public DirectCounterCell addIpv6Route(long prefixHigh, long prefixLow, int prefixLength, NextHop action) {
		Objects.requireNonNull(action, "action");
		if (prefixLength < 0 || prefixLength > 128) {
			throw new IllegalArgumentException("IPv6 prefix length must be 0..128: " + prefixLength);
		}
		DirectCounterCell counter = new DirectCounterCell();
		Ipv6Route route = new Ipv6Route(prefixHigh, prefixLow, prefixLength, action, counter);
		if ((prefixHigh & ~route.maskHigh()) != 0 || (prefixLow & ~route.maskLow()) != 0) {
			throw new IllegalArgumentException("IPv6 prefix has bits past its length " + prefixLength);
		}
		for (Ipv6Route existing : this.ipv6Routes) {
			if (existing.high() == prefixHigh && existing.low() == prefixLow && existing.length() == prefixLength) {
				throw new IllegalArgumentException("ipv6_lpm already has this /" + prefixLength + " prefix");
			}
		}
		checkRoom(P4Tables.Ipv6Lpm.ALIAS, this.ipv6Routes.size(), LPM_TABLE_SIZE);
		this.ipv6Routes.add(route);
		this.ipv6Routes.sort(Comparator.comparingInt(Ipv6Route::length).reversed());
		return counter;
	}

	/** Adds an {@code int_watchlist} entry. */
	public DirectCounterCell addWatchlistEntry(FlowMatch match, int priority, IntInsertion action) {
		return this.watchlist.add(Objects.requireNonNull(match, "match"), priority,
				Objects.requireNonNull(action, "action"));
	}

	/** Adds an {@code event_filter_flows} entry. */
	public DirectCounterCell addEventFilterEntry(FlowMatch match, int priority, EventFilterAction action) {
		return this.eventFilter.add(Objects.requireNonNull(match, "match"), priority,
				Objects.requireNonNull(action, "action"));
	}

	/** Adds an {@code int_sink_ports} entry running {@code mark_sink_port}. */
	public DirectCounterCell addSinkPort(int port) {
		checkPort(port);
		if (this.sinkPorts[port] != null) {
			throw new IllegalArgumentException("int_sink_ports already has port " + port);
		}
		this.sinkPorts[port] = new DirectCounterCell();
		return this.sinkPorts[port];
	}

	/** Adds an {@code int_report_collectors} entry for the port reports leave by. */
	public DirectCounterCell addReportCollector(int port, ReportCollector action) {
		checkPort(port);
		Objects.requireNonNull(action, "action");
		if (this.collectors[port] != null) {
			throw new IllegalArgumentException("int_report_collectors already has port " + port);
		}
		this.collectors[port] = action;
		this.collectorCounters[port] = new DirectCounterCell();
		return this.collectorCounters[port];
	}

	/** Binds a clone session to an egress port (a CloneSessionEntry with one replica). */
	public void addCloneSession(int sessionId, int port) {
		checkPort(port);
		if (sessionId <= 0) {
			throw new IllegalArgumentException("clone session ids start at 1: " + sessionId);
		}
		if (this.cloneSessions.get(sessionId) >= 0) {
			throw new IllegalArgumentException("clone session " + sessionId + " already exists");
		}
		this.cloneSessions.put(sessionId, port);
	}

	@Override
	public NextHop ipv4Lpm(int dstAddr, int packetBytes) {
		int entry = this.ipv4Index.lookup(dstAddr);
		if (entry < 0) {
			return NextHop.DROP;
		}
		this.ipv4Counters.get(entry).hit(packetBytes);
		return this.ipv4Actions.get(entry);
	}

	@Override
	public NextHop nextHop(int groupId, int ecmpHash, int packetBytes) {
		NextHop[] members = this.groups.get(groupId);
		if (members == null) {
			return NextHop.DROP;
		}
		this.groupCounters.get(groupId).hit(packetBytes);
		return (members.length == 0) ? NextHop.DROP : members[Crc16.selectorIndex(ecmpHash, members.length)];
	}

	@Override
	public long ecmpSalt() {
		return this.ecmpSalt;
	}

	@Override
	public long intNodeId() {
		return this.intNodeId;
	}

	@Override
	public ProbeSettings probeSettings() {
		return this.probeSettings;
	}

	@Override
	public LabelSettings labelSettings() {
		return this.labelSettings;
	}

	@Override
	public LabelProbability labelProbability(int itemCount, int packetBytes) {
		LabelProbability action = this.labelProbabilities[itemCount & 0xFF];
		if (action == null) {
			return LabelProbability.NEVER;
		}
		this.labelProbabilityCounters[itemCount & 0xFF].hit(packetBytes);
		return action;
	}

	@Override
	public boolean labelSinkPorts(int egressPort, int packetBytes) {
		DirectCounterCell counter = this.labelSinkPorts[egressPort & IntWire.PORT_MASK];
		if (counter == null) {
			return false;
		}
		counter.hit(packetBytes);
		return true;
	}

	@Override
	public LabelFlow labelFlows(int ipv4Src, int ipv4Dst, int protocol, int l4SrcPort, int l4DstPort, int packetBytes) {
		if (this.labelFlows.isEmpty()) {
			return LabelFlow.NOT_SPECIFIC;
		}
		FiveTuple key = new FiveTuple(ipv4Src, ipv4Dst, protocol & 0xFF, l4SrcPort & 0xFFFF, l4DstPort & 0xFFFF);
		LabelFlow action = this.labelFlows.get(key);
		if (action == null) {
			return LabelFlow.NOT_SPECIFIC;
		}
		this.labelFlowCounters.get(key).hit(packetBytes);
		return action;
	}

	@Override
	public NextHop ipv6Lpm(long dstAddrHigh, long dstAddrLow, int packetBytes) {
		for (Ipv6Route route : this.ipv6Routes) {
			if (route.covers(dstAddrHigh, dstAddrLow)) {
				route.counter().hit(packetBytes);
				return route.action();
			}
		}
		return NextHop.DROP;
	}

	@Override
	public IntInsertion intWatchlist(int ipv4Src, int ipv4Dst, int ipProto, int l4SrcPort, int l4DstPort,
			int packetBytes) {
		return this.watchlist.lookup(ipv4Src, ipv4Dst, ipProto, l4SrcPort, l4DstPort, packetBytes);
	}

	@Override
	public boolean intSinkPorts(int egressPort, int packetBytes) {
		DirectCounterCell counter = this.sinkPorts[egressPort & IntWire.PORT_MASK];
		if (counter == null) {
			return false;
		}
		counter.hit(packetBytes);
		return true;
	}

	@Override
	public EventFilterAction eventFilterFlows(int ipv4Src, int ipv4Dst, int ipProto, int l4SrcPort, int l4DstPort,
			int packetBytes) {
		return this.eventFilter.lookup(ipv4Src, ipv4Dst, ipProto, l4SrcPort, l4DstPort, packetBytes);
	}

	@Override
	public ReportCollector intReportCollectors(int egressPort, int packetBytes) {
		int port = egressPort & IntWire.PORT_MASK;
		ReportCollector action = this.collectors[port];
		if (action == null) {
			return ReportCollector.DROP_REPORT;
		}
		this.collectorCounters[port].hit(packetBytes);
		return action;
	}

	@Override
	public int cloneSessionPort(int sessionId) {
		return this.cloneSessions.get(sessionId);
	}

	private static long checkBit32(String what, long value) {
		if (value < 0 || value > 0xFFFF_FFFFL) {
			throw new IllegalArgumentException(what + " is bit<32>, 0..0xFFFFFFFF: " + value);
		}
		return value;
	}

	private static void checkPort(int port) {
		if (port < 0 || port > IntWire.PORT_MASK) {
			throw new IllegalArgumentException("port_t is 9 bits, 0.." + IntWire.PORT_MASK + ": " + port);
		}
	}

	private static void checkRoom(String table, int entries, int size) {
		if (entries == size) {
			throw new IllegalStateException(table + " is full (" + size + " entries)");
		}
	}

}
