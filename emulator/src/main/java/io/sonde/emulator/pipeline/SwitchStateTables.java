package io.sonde.emulator.pipeline;

import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import io.sonde.emulator.state.ActionCall;
import io.sonde.emulator.state.ActionProfileLookup;
import io.sonde.emulator.state.IndirectAction;
import io.sonde.emulator.state.CloneSession;
import io.sonde.emulator.state.InstalledEntry;
import io.sonde.emulator.state.SwitchState;
import io.sonde.emulator.state.TableLookup;
import io.sonde.p4programs.names.P4ActionProfiles;
import io.sonde.p4programs.names.P4Actions;
import io.sonde.p4programs.names.P4Tables;
import io.sonde.p4runtime.info.ActionInfo;
import io.sonde.p4runtime.info.MatchFieldInfo;
import io.sonde.p4runtime.info.P4EntityKind;
import io.sonde.p4runtime.info.P4InfoIndex;

/**
 * sonde.p4's tables over the {@link SwitchState} a P4Runtime server writes: tables,
 * actions, match fields and parameters are resolved by name once, here, and each lookup
 * fills a reused key, reads the matched entry and counts its hit. The entry's action call
 * becomes this package's action record once per call (a MODIFY installs a new call), so
 * lookups allocate nothing in the steady state.
 * <p>
 * The clone session the sink mirrors reports to is the {@code CloneSessionEntry} a
 * controller wrote into the same {@link SwitchState} (P4Runtime §9.5.2). Used by one
 * data-plane thread.
 */
public final class SwitchStateTables implements SondeTables {

	/** Distinct action calls remembered per table before the memo starts over. */
	private static final int MAX_MEMO = 4096;

	/** The P4Info alias of the GPINT settings table (GPINT-DECISIONS.md). */
	static final String PROBE_SETTINGS = P4Tables.ProbeSettings.ALIAS;

	/** The P4Info alias of its action. */
	static final String SET_PROBE_SETTINGS = P4Actions.SetProbeSettings.ALIAS;

	private final TableKey ipv4Lpm;

	private final TableKey ipv6Lpm;

	private final TableKey nextHop;

	/** The action selector behind {@code next_hop}. */
	private final ActionProfileLookup nextHopSelector;

	private final TableKey watchlist;

	private final TableKey sinkPorts;

	private final TableKey eventFilter;

	private final TableKey reportCollectors;

	/** The keyless tables whose default entry holds a per-switch value. */
	private final TableKey ecmpSalt;

	private final TableKey intNodeId;

	/** Null while the P4Info has no {@code probe_settings} table. */
	private final TableKey probeSettings;

	private final int setProbeSettings;

	private final int[] probeSettingsParams;

	private final TableKey labelSettings;

	private final TableKey labelProbability;

	private final TableKey labelSinkPorts;

	private final TableKey labelFlows;

	private final int setLabelSettings;

	private final int[] labelSettingsParams;

	private final int setLabelProbability;

	private final int[] labelProbabilityParams;

	private final int markLabelSink;

	private final int labelSpecificFlow;

	private final int[] labelSpecificFlowParams;

	private final SwitchState state;

	/** One table's lookup, its reused key and the records its action calls became. */
	private static final class TableKey {

		final TableLookup lookup;

		final long[] key;

		final int[] offsets;

		final Map<ActionCall, Object> memo = new IdentityHashMap<>();

		TableKey(SwitchState state, P4InfoIndex p4Info, String table, String... fields) {
			this.lookup = state.table(table);
			this.key = this.lookup.newKey();
			List<MatchFieldInfo> matchFields = p4Info.table(table).matchFields();
			this.offsets = new int[fields.length];
			for (int i = 0; i < fields.length; i++) {
				MatchFieldInfo field = p4Info.table(table).matchField(fields[i]);
				this.offsets[i] = this.lookup.keyOffset(matchFields.indexOf(field));
			}
		}

		InstalledEntry run(int packetBytes) {
			InstalledEntry entry = this.lookup.lookup(this.key);
			if (!entry.isDefault()) {
				entry.count(packetBytes);
			}
			return entry;
		}

		<A> A action(InstalledEntry entry, Function<ActionCall, A> convert) {
			return action(entry.action(), convert);
		}

		@SuppressWarnings("unchecked")
		<A> A action(ActionCall call, Function<ActionCall, A> convert) {
			Object action = this.memo.get(call);
			if (action == null) {
				if (this.memo.size() == MAX_MEMO) {
					this.memo.clear();
				}
				action = convert.apply(call);
				this.memo.put(call, action);
			}
			return (A) action;
		}

	}

	/** Action ids and parameter positions, resolved by name. */
	private final int setNextHop;

	private final int setNextHopV6;

	private final int setNextHopGroup;

	private final int[] nextHopParams;

	private final int[] nextHopV6Params;

	private final int nextHopGroupParam;

	private final int insertInt;

	private final int[] insertIntParams;

	private final int markSinkPort;

	private final int fastDetection;

	private final int[] fastDetectionParams;

	private final int complexDetection;

	private final int[] complexDetectionParams;

	private final int sendReport;

	private final int[] sendReportParams;

	private final int setEcmpSalt;

	private final int setIntNodeId;

	private final Function<ActionCall, Long> toEcmpSalt = this::ecmpSalt;

	private final Function<ActionCall, Long> toIntNodeId = this::intNodeId;

	private final Function<ActionCall, ProbeSettings> toProbeSettings = this::probeSettings;

	private final Function<ActionCall, LabelSettings> toLabelSettings = this::labelSettings;

	private final Function<ActionCall, LabelProbability> toLabelProbability = this::labelProbability;

	private final Function<ActionCall, Boolean> toLabelSink = this::labelSink;

	private final Function<ActionCall, LabelFlow> toLabelFlow = this::labelFlow;

	private final Function<ActionCall, NextHop> toNextHop = this::nextHop;

	private final Function<ActionCall, IntInsertion> toInsertion = this::insertion;

	private final Function<ActionCall, Boolean> toSinkMark = this::sinkMark;

	private final Function<ActionCall, EventFilterAction> toFilter = this::eventFilter;

	private final Function<ActionCall, ReportCollector> toCollector = this::collector;

	public SwitchStateTables(SwitchState state) {
		this.state = state;
		P4InfoIndex p4Info = state.p4Info();
		String[] flowFields = { P4Tables.IntWatchlist.IPV4_SRC, P4Tables.IntWatchlist.IPV4_DST,
				P4Tables.IntWatchlist.IP_PROTO, P4Tables.IntWatchlist.L4_SRC_PORT, P4Tables.IntWatchlist.L4_DST_PORT };
		this.ipv4Lpm = new TableKey(state, p4Info, P4Tables.Ipv4Lpm.NAME, P4Tables.Ipv4Lpm.DST_ADDR);
		this.ipv6Lpm = new TableKey(state, p4Info, P4Tables.Ipv6Lpm.NAME, P4Tables.Ipv6Lpm.DST_ADDR);
		this.nextHop = new TableKey(state, p4Info, P4Tables.NextHop.NAME, P4Tables.NextHop.GROUP_ID);
		this.nextHopSelector = state.actionProfile(P4ActionProfiles.NextHopSelector.NAME);
		this.watchlist = new TableKey(state, p4Info, P4Tables.IntWatchlist.NAME, flowFields);
		this.sinkPorts = new TableKey(state, p4Info, P4Tables.IntSinkPorts.NAME, P4Tables.IntSinkPorts.EGRESS_PORT);
		this.eventFilter = new TableKey(state, p4Info, P4Tables.EventFilterFlows.NAME, flowFields);
		this.reportCollectors = new TableKey(state, p4Info, P4Tables.IntReportCollectors.NAME,
				P4Tables.IntReportCollectors.EGRESS_PORT);
		this.ecmpSalt = new TableKey(state, p4Info, P4Tables.EcmpSalt.NAME);
		this.intNodeId = new TableKey(state, p4Info, P4Tables.IntNodeId.NAME);
		this.setEcmpSalt = actionId(p4Info, P4Actions.SetEcmpSalt.NAME);
		this.setIntNodeId = actionId(p4Info, P4Actions.SetIntNodeId.NAME);
		// By alias: the GPINT stage's control path is the P4's business, the names are
		// GPINT-DECISIONS.md's. A P4Info without them leaves the defaults in force.
		boolean probes = p4Info.contains(P4EntityKind.TABLE, PROBE_SETTINGS);
		this.probeSettings = probes ? new TableKey(state, p4Info, PROBE_SETTINGS) : null;
		this.setProbeSettings = probes ? actionId(p4Info, SET_PROBE_SETTINGS) : -1;
		this.probeSettingsParams = probes ? params(p4Info, SET_PROBE_SETTINGS,
				P4Actions.SetProbeSettings.RECOVERY_ENABLED, P4Actions.SetProbeSettings.FEEDBACK_TIMEOUT_US) : null;
		this.labelSettings = new TableKey(state, p4Info, P4Tables.LabelSettings.NAME);
		this.labelProbability = new TableKey(state, p4Info, P4Tables.LabelProbability.NAME,
				P4Tables.LabelProbability.INT_NUM);
		this.labelSinkPorts = new TableKey(state, p4Info, P4Tables.LabelSinkPorts.NAME,
				P4Tables.LabelSinkPorts.EGRESS_PORT);
		this.labelFlows = new TableKey(state, p4Info, P4Tables.LabelFlows.NAME, P4Tables.LabelFlows.SRC_ADDR,
				P4Tables.LabelFlows.DST_ADDR, P4Tables.LabelFlows.PROTOCOL, P4Tables.LabelFlows.SRC_PORT,
				P4Tables.LabelFlows.DST_PORT);
		this.setLabelSettings = actionId(p4Info, P4Actions.SetLabelSettings.NAME);
		this.labelSettingsParams = params(p4Info, P4Actions.SetLabelSettings.NAME, P4Actions.SetLabelSettings.MODE,
				P4Actions.SetLabelSettings.INTERVAL_US, P4Actions.SetLabelSettings.REST_US,
				P4Actions.SetLabelSettings.MAX_HOP);
		this.setLabelProbability = actionId(p4Info, P4Actions.SetLabelProbability.NAME);
		this.labelProbabilityParams = params(p4Info, P4Actions.SetLabelProbability.NAME,
				P4Actions.SetLabelProbability.THRESHOLD, P4Actions.SetLabelProbability.SCALE_BY_INTERVAL);
		this.markLabelSink = actionId(p4Info, P4Actions.MarkLabelSink.NAME);
		this.labelSpecificFlow = actionId(p4Info, P4Actions.LabelSpecificFlow.NAME);
		this.labelSpecificFlowParams = params(p4Info, P4Actions.LabelSpecificFlow.NAME,
				P4Actions.LabelSpecificFlow.FLOW_INDEX, P4Actions.LabelSpecificFlow.SAMPLE_INTERVAL_US);
		this.setNextHop = actionId(p4Info, P4Actions.SetNextHop.NAME);
		this.setNextHopV6 = actionId(p4Info, P4Actions.SetNextHopV6.NAME);
		this.setNextHopGroup = actionId(p4Info, P4Actions.SetNextHopGroup.NAME);
		this.nextHopParams = params(p4Info, P4Actions.SetNextHop.NAME, P4Actions.SetNextHop.PORT,
				P4Actions.SetNextHop.DMAC);
		this.nextHopV6Params = params(p4Info, P4Actions.SetNextHopV6.NAME, P4Actions.SetNextHopV6.PORT,
				P4Actions.SetNextHopV6.DMAC);
		this.nextHopGroupParam = params(p4Info, P4Actions.SetNextHopGroup.NAME, P4Actions.SetNextHopGroup.GROUP_ID)[0];
		this.insertInt = actionId(p4Info, P4Actions.InsertInt.NAME);
		this.insertIntParams = params(p4Info, P4Actions.InsertInt.NAME, P4Actions.InsertInt.INSTRUCTIONS,
				P4Actions.InsertInt.HOP_ML, P4Actions.InsertInt.REMAINING_HOP_COUNT);
		this.markSinkPort = actionId(p4Info, P4Actions.MarkSinkPort.NAME);
		this.fastDetection = actionId(p4Info, P4Actions.FastDetection.NAME);
		this.fastDetectionParams = params(p4Info, P4Actions.FastDetection.NAME, P4Actions.FastDetection.FILTER_INDEX,
				P4Actions.FastDetection.ALGORITHM, P4Actions.FastDetection.METRIC, P4Actions.FastDetection.THRESHOLD,
				P4Actions.FastDetection.EMA_WEIGHT);
		this.complexDetection = actionId(p4Info, P4Actions.ComplexDetection.NAME);
		this.complexDetectionParams = params(p4Info, P4Actions.ComplexDetection.NAME,
				P4Actions.ComplexDetection.EXPRESSION_INDEX);
		this.sendReport = actionId(p4Info, P4Actions.SendReport.NAME);
		this.sendReportParams = params(p4Info, P4Actions.SendReport.NAME, P4Actions.SendReport.SRC_MAC,
				P4Actions.SendReport.COLLECTOR_MAC, P4Actions.SendReport.SRC_IP, P4Actions.SendReport.COLLECTOR_IP,
				P4Actions.SendReport.COLLECTOR_PORT, P4Actions.SendReport.HW_ID);
	}

	private static int actionId(P4InfoIndex p4Info, String action) {
		return p4Info.id(P4EntityKind.ACTION, action);
	}

	/** Positions of the named parameters in the action's P4Info order. */
	private static int[] params(P4InfoIndex p4Info, String action, String... names) {
		ActionInfo info = p4Info.action(action);
		int[] positions = new int[names.length];
		for (int i = 0; i < names.length; i++) {
			positions[i] = info.params().indexOf(info.param(names[i]));
		}
		return positions;
	}

	@Override
	public NextHop ipv4Lpm(int dstAddr, int packetBytes) {
		TableKey table = this.ipv4Lpm;
		table.key[table.offsets[0]] = dstAddr & 0xFFFF_FFFFL;
		return table.action(table.run(packetBytes), this.toNextHop);
	}

	/**
	 * An entry names a group (or a member) of {@code next_hop_selector}: the group's
	 * members, in member-id order and repeated by weight, are drawn from as BMv2 does,
	 * CRC16 of the 32-bit selector input modulo their number.
	 */
	@Override
	public NextHop nextHop(int groupId, int ecmpHash, int packetBytes) {
		TableKey table = this.nextHop;
		table.key[table.offsets[0]] = groupId & 0xFFFF;
		InstalledEntry entry = table.run(packetBytes);
		IndirectAction indirect = entry.indirect();
		if (indirect == null) {
			return NextHop.DROP;
		}
		ActionCall call;
		if (indirect.group()) {
			ActionCall[] members = this.nextHopSelector.group(indirect.id());
			if (members == null || members.length == 0) {
				return NextHop.DROP;
			}
			call = members[Crc16.selectorIndex(ecmpHash, members.length)];
		}
		else {
			call = this.nextHopSelector.member(indirect.id());
			if (call == null) {
				return NextHop.DROP;
			}
		}
		return table.action(call, this.toNextHop);
	}

	@Override
	public long ecmpSalt() {
		TableKey table = this.ecmpSalt;
		return table.action(table.run(0), this.toEcmpSalt);
	}

	@Override
	public long intNodeId() {
		TableKey table = this.intNodeId;
		return table.action(table.run(0), this.toIntNodeId);
	}

	@Override
	public ProbeSettings probeSettings() {
		TableKey table = this.probeSettings;
		return (table != null) ? table.action(table.run(0), this.toProbeSettings) : ProbeSettings.DEFAULT;
	}

	@Override
	public LabelSettings labelSettings() {
		TableKey table = this.labelSettings;
		return table.action(table.run(0), this.toLabelSettings);
	}

	@Override
	public LabelProbability labelProbability(int itemCount, int packetBytes) {
		TableKey table = this.labelProbability;
		table.key[table.offsets[0]] = itemCount & 0xFF;
		return table.action(table.run(packetBytes), this.toLabelProbability);
	}

	@Override
	public boolean labelSinkPorts(int egressPort, int packetBytes) {
		TableKey table = this.labelSinkPorts;
		table.key[table.offsets[0]] = egressPort & IntWire.PORT_MASK;
		return table.action(table.run(packetBytes), this.toLabelSink);
	}

	@Override
	public LabelFlow labelFlows(int ipv4Src, int ipv4Dst, int protocol, int l4SrcPort, int l4DstPort, int packetBytes) {
		TableKey table = this.labelFlows;
		fillFlowKey(table, ipv4Src, ipv4Dst, protocol, l4SrcPort, l4DstPort);
		return table.action(table.run(packetBytes), this.toLabelFlow);
	}

	@Override
	public NextHop ipv6Lpm(long dstAddrHigh, long dstAddrLow, int packetBytes) {
		TableKey table = this.ipv6Lpm;
		table.key[table.offsets[0]] = dstAddrHigh;
		table.key[table.offsets[0] + 1] = dstAddrLow;
		return table.action(table.run(packetBytes), this.toNextHop);
	}

	@Override
	public IntInsertion intWatchlist(int ipv4Src, int ipv4Dst, int ipProto, int l4SrcPort, int l4DstPort,
			int packetBytes) {
		TableKey table = this.watchlist;
		fillFlowKey(table, ipv4Src, ipv4Dst, ipProto, l4SrcPort, l4DstPort);
		return table.action(table.run(packetBytes), this.toInsertion);
	}

	@Override
	public boolean intSinkPorts(int egressPort, int packetBytes) {
		TableKey table = this.sinkPorts;
		table.key[table.offsets[0]] = egressPort & IntWire.PORT_MASK;
		return table.action(table.run(packetBytes), this.toSinkMark);
	}

	@Override
	public EventFilterAction eventFilterFlows(int ipv4Src, int ipv4Dst, int ipProto, int l4SrcPort, int l4DstPort,
			int packetBytes) {
		TableKey table = this.eventFilter;
		fillFlowKey(table, ipv4Src, ipv4Dst, ipProto, l4SrcPort, l4DstPort);
		return table.action(table.run(packetBytes), this.toFilter);
	}

	@Override
	public ReportCollector intReportCollectors(int egressPort, int packetBytes) {
		TableKey table = this.reportCollectors;
		table.key[table.offsets[0]] = egressPort & IntWire.PORT_MASK;
		return table.action(table.run(packetBytes), this.toCollector);
	}

	/** The session's first replica: the sink's single report copy leaves by it. */
	@Override
	public int cloneSessionPort(int sessionId) {
		CloneSession session = this.state.cloneSession(sessionId);
		return (session == null) ? -1 : session.firstEgressPort();
	}

	private static void fillFlowKey(TableKey table, int src, int dst, int proto, int srcPort, int dstPort) {
		table.key[table.offsets[0]] = src & 0xFFFF_FFFFL;
		table.key[table.offsets[1]] = dst & 0xFFFF_FFFFL;
		table.key[table.offsets[2]] = proto & 0xFF;
		table.key[table.offsets[3]] = srcPort & 0xFFFF;
		table.key[table.offsets[4]] = dstPort & 0xFFFF;
	}

	private NextHop nextHop(ActionCall call) {
		int[] p;
		if (call.actionId() == this.setNextHop) {
			p = this.nextHopParams;
		}
		else if (call.actionId() == this.setNextHopV6) {
			p = this.nextHopV6Params;
		}
		else if (call.actionId() == this.setNextHopGroup) {
			return NextHop.group((int) call.param(this.nextHopGroupParam));
		}
		else {
			return NextHop.DROP;
		}
		return NextHop.to((int) call.param(p[0]), call.param(p[1]));
	}

	/**
	 * The salt {@code set_ecmp_salt} carries; 0 while the default is still the one the
	 * P4Info starts the table with (it carries no arguments), as sonde.p4's
	 * {@code set_ecmp_salt(0)}.
	 */
	private Long ecmpSalt(ActionCall call) {
		return (call.actionId() == this.setEcmpSalt) ? call.param(0) : 0L;
	}

	/** What {@code set_probe_settings} carries; the defaults before it is set. */
	private ProbeSettings probeSettings(ActionCall call) {
		if (call.actionId() != this.setProbeSettings) {
			return ProbeSettings.DEFAULT;
		}
		return new ProbeSettings(call.param(this.probeSettingsParams[0]) != 0, call.param(this.probeSettingsParams[1]));
	}

	/** What {@code set_label_settings} carries; the defaults before it is set. */
	private LabelSettings labelSettings(ActionCall call) {
		if (call.actionId() != this.setLabelSettings) {
			return LabelSettings.DEFAULT;
		}
		int[] p = this.labelSettingsParams;
		return new LabelSettings((int) call.param(p[0]), call.param(p[1]), call.param(p[2]), (int) call.param(p[3]));
	}

	private LabelProbability labelProbability(ActionCall call) {
		if (call.actionId() != this.setLabelProbability) {
			return LabelProbability.NEVER;
		}
		int[] p = this.labelProbabilityParams;
		return new LabelProbability((int) call.param(p[0]), call.param(p[1]) != 0);
	}

	private Boolean labelSink(ActionCall call) {
		return call.actionId() == this.markLabelSink;
	}

	private LabelFlow labelFlow(ActionCall call) {
		if (call.actionId() != this.labelSpecificFlow) {
			return LabelFlow.NOT_SPECIFIC;
		}
		int[] p = this.labelSpecificFlowParams;
		return new LabelFlow((int) call.param(p[0]), call.param(p[1]));
	}

	/** The node id {@code set_int_node_id} carries; 0 as for the salt. */
	private Long intNodeId(ActionCall call) {
		return (call.actionId() == this.setIntNodeId) ? call.param(0) : 0L;
	}

	private IntInsertion insertion(ActionCall call) {
		if (call.actionId() != this.insertInt) {
			return IntInsertion.SKIP;
		}
		int[] p = this.insertIntParams;
		return IntInsertion.insert((int) call.param(p[0]), (int) call.param(p[1]), (int) call.param(p[2]));
	}

	private Boolean sinkMark(ActionCall call) {
		return call.actionId() == this.markSinkPort;
	}

	private EventFilterAction eventFilter(ActionCall call) {
		if (call.actionId() == this.fastDetection) {
			int[] p = this.fastDetectionParams;
			return EventFilterAction.fastDetection((int) call.param(p[0]), (int) call.param(p[1]),
					(int) call.param(p[2]), call.param(p[3]), (int) call.param(p[4]));
		}
		if (call.actionId() == this.complexDetection) {
			return EventFilterAction.complexDetection((int) call.param(this.complexDetectionParams[0]));
		}
		return EventFilterAction.REPORT_EVERY_PACKET;
	}

	private ReportCollector collector(ActionCall call) {
		if (call.actionId() != this.sendReport) {
			return ReportCollector.DROP_REPORT;
		}
		int[] p = this.sendReportParams;
		return ReportCollector.sendReport(call.param(p[0]), call.param(p[1]), (int) call.param(p[2]),
				(int) call.param(p[3]), (int) call.param(p[4]), (int) call.param(p[5]));
	}

}
