package io.sonde.p4programs.entries;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.List;

import io.sonde.p4programs.SondePipeline;
import io.sonde.p4programs.names.P4ActionProfiles;
import io.sonde.p4programs.names.P4Actions;
import io.sonde.p4programs.names.P4Counters;
import io.sonde.p4programs.names.P4Registers;
import io.sonde.p4programs.names.P4Tables;
import io.sonde.p4runtime.bytes.Bytestrings;
import io.sonde.p4runtime.entity.ActionProfileEntries;
import io.sonde.p4runtime.entity.Entities;
import io.sonde.p4runtime.entity.RegisterEntries;
import io.sonde.p4runtime.entity.TableEntries;
import io.sonde.p4runtime.entity.TableEntryBuilder;
import io.sonde.p4runtime.info.P4InfoIndex;
import p4.v1.CloneSessionEntry;
import p4.v1.Entity;
import p4.v1.PacketReplicationEngineEntry;
import p4.v1.Replica;

/**
 * sonde.p4's entities as P4Runtime {@link Entity} values, every name one of the constants
 * generated from the P4Info ({@code io.sonde.p4programs.names}), so a renamed table or
 * parameter fails the compile rather than a switch. The table, register and counter
 * constants here name the same objects by their role.
 */
public final class SondeEntities {

	public static final String IPV4_LPM = P4Tables.Ipv4Lpm.NAME;

	/** ECMP: group id -> an action profile group of {@link #NEXT_HOP_SELECTOR}. */
	public static final String NEXT_HOP = P4Tables.NextHop.NAME;

	/** The action selector behind {@link #NEXT_HOP}. */
	public static final String NEXT_HOP_SELECTOR = P4ActionProfiles.NextHopSelector.NAME;

	/**
	 * The switch's ECMP hash seed: a keyless table whose default action
	 * ({@code set_ecmp_salt(salt)}) holds it.
	 */
	public static final String ECMP_SALT = P4Tables.EcmpSalt.NAME;

	public static final String WATCHLIST = P4Tables.IntWatchlist.NAME;

	public static final String SINK_PORTS = P4Tables.IntSinkPorts.NAME;

	public static final String EVENT_FILTER = P4Tables.EventFilterFlows.NAME;

	public static final String COLLECTORS = P4Tables.IntReportCollectors.NAME;

	/**
	 * The switch's INT node id: a keyless table whose default action
	 * ({@code set_int_node_id(node_id)}) holds it.
	 */
	public static final String INT_NODE_ID = P4Tables.IntNodeId.NAME;

	/** GPINT probe settings: SQR on or off and t_f, in its default action. */
	public static final String PROBE_SETTINGS = P4Tables.ProbeSettings.NAME;

	public static final String CNF_METRIC = P4Registers.EventCnfMetric.NAME;

	public static final String CNF_OPERATOR = P4Registers.EventCnfOperator.NAME;

	public static final String CNF_THRESHOLD = P4Registers.EventCnfThreshold.NAME;

	/** Packets and bytes received per port (index = ingress port). */
	public static final String INGRESS_PORT_COUNTER = P4Counters.IngressPortCounter.NAME;

	/** Packets and bytes sent per port (index = egress port). */
	public static final String EGRESS_PORT_COUNTER = P4Counters.EgressPortCounter.NAME;

	/**
	 * INT-label settings: mode, T, T1 and MAX_hop, in its default action
	 * ({@code set_label_settings}).
	 */
	public static final String LABEL_SETTINGS = P4Tables.LabelSettings.NAME;

	/** Base B's labeling probability by the item count a packet carries. */
	public static final String LABEL_PROBABILITY = P4Tables.LabelProbability.NAME;

	/** Egress ports toward hosts, where labels are exported and removed. */
	public static final String LABEL_SINK_PORTS = P4Tables.LabelSinkPorts.NAME;

	/** Specific flows, labeled at every hop: on the switch their source attaches to. */
	public static final String LABEL_FLOWS = P4Tables.LabelFlows.NAME;

	/** Reg2: S per egress port; the port labels every T >> S. */
	public static final String LABEL_SHIFT = P4Registers.LabelShift.NAME;

	/** Reg1: the time each egress port last labeled. */
	public static final String LABEL_LAST_TIME = P4Registers.LabelLastTime.NAME;

	/** Per specific flow index: the ingress time of its last sampled packet. */
	public static final String LABEL_FLOW_LAST_TIME = P4Registers.LabelFlowLastTime.NAME;

	/**
	 * Labelings per port and reason
	 * ({@link SondePipeline#labelDecisionCell(int, SondePipeline.LabelDecision)}).
	 */
	public static final String LABEL_DECISIONS = P4Counters.LabelDecisions.NAME;

	/**
	 * Packets and bytes leaving each port by the items they carry
	 * ({@link SondePipeline#labelCarriedCell(int, int)}).
	 */
	public static final String LABEL_CARRIED = P4Counters.LabelCarried.NAME;

	/** Exports per last-hop egress port. */
	public static final String LABEL_EXPORTS = P4Counters.LabelExports.NAME;

	/** Packets whose INT OPTION did not parse (one cell). */
	public static final String LABEL_MALFORMED = P4Counters.LabelMalformed.NAME;

	/**
	 * The tables a controller writes entries into, in the order it writes them:
	 * {@link #NEXT_HOP} before the {@link #IPV4_LPM} routes that name its groups.
	 */
	public static final List<String> TABLES = List.of(COLLECTORS, NEXT_HOP, IPV4_LPM, SINK_PORTS, WATCHLIST,
			EVENT_FILTER, LABEL_SINK_PORTS, LABEL_PROBABILITY, LABEL_FLOWS);

	/**
	 * The keyless tables whose only content is the default entry a controller sets
	 * (P4Runtime §9.1.2: a TableEntry MODIFY with {@code is_default_action}).
	 */
	public static final List<String> DEFAULT_ENTRY_TABLES = List.of(ECMP_SALT, INT_NODE_ID, PROBE_SETTINGS,
			LABEL_SETTINGS);

	private final TableEntries tables;

	private final RegisterEntries registers;

	private final ActionProfileEntries profiles;

	private final int maxGroupSize;

	public SondeEntities(P4InfoIndex p4Info) {
		this.tables = new TableEntries(p4Info);
		this.registers = new RegisterEntries(p4Info);
		this.profiles = new ActionProfileEntries(p4Info);
		this.maxGroupSize = p4Info.actionProfile(NEXT_HOP_SELECTOR).getMaxGroupSize();
	}

	/** Against sonde.p4's own P4Info. */
	public static SondeEntities ofPipeline() {
		return new SondeEntities(SondePipeline.p4Info());
	}

	/**
	 * The INT node id this switch pushes as its hop's switch id and puts in its reports:
	 * the default entry of {@link #INT_NODE_ID}, written by MODIFY.
	 */
	public Entity nodeId(long nodeId) {
		return Entities.of(this.tables.defaultAction(INT_NODE_ID)
			.action(P4Actions.SetIntNodeId.NAME)
			.param(P4Actions.SetIntNodeId.NODE_ID, nodeId)
			.build());
	}

	/** An {@code ipv4_lpm} route: {@code set_next_hop(port, dmac)}. */
	public Entity route(int destination, int prefixLength, int egressPort, long nextHopMac) {
		return Entities.of(this.tables.table(IPV4_LPM)
			.lpm(P4Tables.Ipv4Lpm.DST_ADDR, Integer.toUnsignedLong(destination), prefixLength)
			.action(P4Actions.SetNextHop.NAME)
			.param(P4Actions.SetNextHop.PORT, egressPort)
			.param(P4Actions.SetNextHop.DMAC, nextHopMac)
			.build());
	}

	/**
	 * An {@code ipv4_lpm} route over the equal-cost next hops of group {@code groupId}:
	 * {@code set_next_hop_group(group_id)}.
	 */
	public Entity routeToGroup(int destination, int prefixLength, int groupId) {
		return Entities.of(this.tables.table(IPV4_LPM)
			.lpm(P4Tables.Ipv4Lpm.DST_ADDR, Integer.toUnsignedLong(destination), prefixLength)
			.action(P4Actions.SetNextHopGroup.NAME)
			.param(P4Actions.SetNextHopGroup.GROUP_ID, groupId)
			.build());
	}

	/**
	 * The {@code next_hop} entry that binds the P4 group id {@code groupId} to the action
	 * profile group of the same id.
	 */
	public Entity nextHop(int groupId) {
		return Entities.of(this.tables.table(NEXT_HOP)
			.exact(P4Tables.NextHop.GROUP_ID, groupId)
			.actionProfileGroup(groupId)
			.build());
	}

	/**
	 * A next hop an ECMP group may pick: member {@code memberId} running
	 * {@code set_next_hop}.
	 */
	public Entity nextHopMember(int memberId, int egressPort, long nextHopMac) {
		return Entities.of(this.profiles.member(NEXT_HOP_SELECTOR, memberId)
			.action(P4Actions.SetNextHop.NAME)
			.param(P4Actions.SetNextHop.PORT, egressPort)
			.param(P4Actions.SetNextHop.DMAC, nextHopMac)
			.build());
	}

	/**
	 * ECMP group {@code groupId} over {@code memberIds}, weight 1 each. Its
	 * {@code max_size} is the selector's {@code max_group_size}, so the membership can
	 * change (links fail and come back) without a new group: P4Runtime forbids changing
	 * max_size by MODIFY.
	 */
	public Entity nextHopGroup(int groupId, List<Integer> memberIds) {
		return Entities.of(this.profiles.group(NEXT_HOP_SELECTOR, groupId, this.maxGroupSize, memberIds));
	}

	/** The most members one ECMP group may hold (P4Info {@code max_group_size}). */
	public int maxGroupSize() {
		return this.maxGroupSize;
	}

	/**
	 * This switch's ECMP hash seed: the default entry of {@link #ECMP_SALT}, written by
	 * MODIFY.
	 */
	public Entity ecmpSalt(long salt) {
		return Entities.of(this.tables.defaultAction(ECMP_SALT)
			.action(P4Actions.SetEcmpSalt.NAME)
			.param(P4Actions.SetEcmpSalt.SALT, salt)
			.build());
	}

	/**
	 * The GPINT probe settings of a switch ({@code probe_settings}' default action):
	 * whether it keeps SQR copies and answers with feedback, and t_f.
	 */
	public Entity probeSettings(boolean recoveryEnabled, long feedbackTimeoutMicros) {
		return Entities.of(this.tables.defaultAction(PROBE_SETTINGS)
			.action(P4Actions.SetProbeSettings.NAME)
			.param(P4Actions.SetProbeSettings.RECOVERY_ENABLED, recoveryEnabled ? 1 : 0)
			.param(P4Actions.SetProbeSettings.FEEDBACK_TIMEOUT_US, feedbackTimeoutMicros)
			.build());
	}

	/**
	 * A switch's INT-label settings ({@code label_settings}' default action, written by
	 * MODIFY): {@code set_label_settings(mode, interval_us, rest_us, max_hop)}.
	 * @param intervalMicros T
	 * @param restMicros T1
	 * @param maxHop items a packet may carry here; sonde.p4 stops at
	 * {@link SondePipeline#MAX_LABEL_ITEMS} whatever this says
	 */
	public Entity labelSettings(SondePipeline.LabelMode mode, long intervalMicros, long restMicros, int maxHop) {
		return Entities.of(this.tables.defaultAction(LABEL_SETTINGS)
			.action(P4Actions.SetLabelSettings.NAME)
			.param(P4Actions.SetLabelSettings.MODE, mode.code())
			.param(P4Actions.SetLabelSettings.INTERVAL_US, intervalMicros)
			.param(P4Actions.SetLabelSettings.REST_US, restMicros)
			.param(P4Actions.SetLabelSettings.MAX_HOP, maxHop)
			.build());
	}

	/**
	 * Base B's probability for packets carrying {@code itemCount} items:
	 * {@code threshold / 65536} ({@link SondePipeline#LABEL_PROBABILITY_ALWAYS}: 1),
	 * scaled by elapsed / (T >> S) when {@code scaleByInterval} (paper 004 §6 F3).
	 */
	public Entity labelProbability(int itemCount, int threshold, boolean scaleByInterval) {
		return Entities.of(this.tables.table(LABEL_PROBABILITY)
			.exact(P4Tables.LabelProbability.INT_NUM, itemCount)
			.action(P4Actions.SetLabelProbability.NAME)
			.param(P4Actions.SetLabelProbability.THRESHOLD, threshold)
			.param(P4Actions.SetLabelProbability.SCALE_BY_INTERVAL, scaleByInterval ? 1 : 0)
			.build());
	}

	/** An egress port toward a host: a labeled packet's last hop. */
	public Entity labelSinkPort(int egressPort) {
		return Entities.of(this.tables.table(LABEL_SINK_PORTS)
			.exact(P4Tables.LabelSinkPorts.EGRESS_PORT, egressPort)
			.action(P4Actions.MarkLabelSink.NAME)
			.build());
	}

	/**
	 * A specific flow: one of its packets every {@code sampleIntervalMicros} (0: every
	 * packet) is labeled at every hop.
	 * @param flowIndex the flow's own sampling register cell, below
	 * {@link SondePipeline#LABEL_FLOWS}
	 */
	public Entity labelFlow(LabelFlow flow, int flowIndex, long sampleIntervalMicros) {
		if (flowIndex < 0 || flowIndex >= SondePipeline.LABEL_FLOWS) {
			throw new IllegalArgumentException(
					"flow index " + flowIndex + " is not in 0-" + (SondePipeline.LABEL_FLOWS - 1));
		}
		return Entities.of(this.tables.table(LABEL_FLOWS)
			.exact(P4Tables.LabelFlows.SRC_ADDR, Integer.toUnsignedLong(flow.srcAddr()))
			.exact(P4Tables.LabelFlows.DST_ADDR, Integer.toUnsignedLong(flow.dstAddr()))
			.exact(P4Tables.LabelFlows.PROTOCOL, flow.protocol())
			.exact(P4Tables.LabelFlows.SRC_PORT, flow.srcPort())
			.exact(P4Tables.LabelFlows.DST_PORT, flow.dstPort())
			.action(P4Actions.LabelSpecificFlow.NAME)
			.param(P4Actions.LabelSpecificFlow.FLOW_INDEX, flowIndex)
			.param(P4Actions.LabelSpecificFlow.SAMPLE_INTERVAL_US, sampleIntervalMicros)
			.build());
	}

	/**
	 * Reg2 of {@code port}: S, so the port labels every T >> S. BMv2's P4Runtime server
	 * does not write registers; the emulator does.
	 */
	public Entity labelShift(int port, int shift) {
		if (port < 0 || port >= SondePipeline.MAX_PORTS) {
			throw new IllegalArgumentException("port " + port + " is not in 0-" + (SondePipeline.MAX_PORTS - 1));
		}
		if (shift < 0 || shift > SondePipeline.LABEL_MAX_SHIFT) {
			throw new IllegalArgumentException("shift " + shift + " is not in 0-" + SondePipeline.LABEL_MAX_SHIFT);
		}
		return Entities.of(this.registers.write(LABEL_SHIFT, port, shift));
	}

	/** Clone session 501, the last hop's export, bound to {@code cpuPort}. */
	public Entity labelExportMirror(int cpuPort) {
		return cloneSession(SondePipeline.LABEL_EXPORT_CLONE_SESSION_ID, cpuPort);
	}

	/**
	 * A read of the default entry of {@code table} (one of
	 * {@link #DEFAULT_ENTRY_TABLES}).
	 */
	public Entity defaultEntryRead(String table) {
		return Entities.of(this.tables.allOf(table).toBuilder().setIsDefaultAction(true).build());
	}

	/**
	 * A switch's ECMP seed, from its name: distinct for distinct switches, the same on
	 * every controller and after every restart (the first four bytes of the name's
	 * SHA-256).
	 */
	public static long ecmpSaltOf(String switchName) {
		try {
			byte[] digest = MessageDigest.getInstance("SHA-256").digest(switchName.getBytes(StandardCharsets.UTF_8));
			return ((digest[0] & 0xFFL) << 24) | ((digest[1] & 0xFFL) << 16) | ((digest[2] & 0xFFL) << 8)
					| (digest[3] & 0xFFL);
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException("every Java runtime has SHA-256", ex);
		}
	}

	/** An egress port where INT ends: the sink strips the stack and reports. */
	public Entity sinkPort(int egressPort) {
		return Entities.of(this.tables.table(SINK_PORTS)
			.exact(P4Tables.IntSinkPorts.EGRESS_PORT, egressPort)
			.action(P4Actions.MarkSinkPort.NAME)
			.build());
	}

	/**
	 * A source watchlist entry:
	 * {@code insert_int(instructions, hop_ml, remaining_hop_count)}.
	 */
	public Entity watch(FlowKey key, int priority, int instructions, int hopMl, int remainingHopCount) {
		return Entities.of(flowKey(this.tables.table(WATCHLIST), key).priority(priority)
			.action(P4Actions.InsertInt.NAME)
			.param(P4Actions.InsertInt.INSTRUCTIONS, instructions)
			.param(P4Actions.InsertInt.HOP_ML, hopMl)
			.param(P4Actions.InsertInt.REMAINING_HOP_COUNT, remainingHopCount)
			.build());
	}

	/**
	 * An event pre-filter entry of paper 003's fast path.
	 * @param algorithm a {@link SondePipeline.EventAlgorithm} code
	 * @param metric a {@link SondePipeline.EventMetric} code (0 where the algorithm reads
	 * none)
	 */
	public Entity fastDetection(FlowKey key, int priority, int filterIndex, int algorithm, int metric, long threshold,
			int emaWeight) {
		return Entities.of(flowKey(this.tables.table(EVENT_FILTER), key).priority(priority)
			.action(P4Actions.FastDetection.NAME)
			.param(P4Actions.FastDetection.FILTER_INDEX, filterIndex)
			.param(P4Actions.FastDetection.ALGORITHM, algorithm)
			.param(P4Actions.FastDetection.METRIC, metric)
			.param(P4Actions.FastDetection.THRESHOLD, threshold)
			.param(P4Actions.FastDetection.EMA_WEIGHT, emaWeight)
			.build());
	}

	/**
	 * An event pre-filter entry that evaluates CNF expression {@code expressionIndex}.
	 */
	public Entity complexDetection(FlowKey key, int priority, int expressionIndex) {
		return Entities.of(flowKey(this.tables.table(EVENT_FILTER), key).priority(priority)
			.action(P4Actions.ComplexDetection.NAME)
			.param(P4Actions.ComplexDetection.EXPRESSION_INDEX, expressionIndex)
			.build());
	}

	/**
	 * The three register cells of one CNF literal.
	 * @param metric an {@link SondePipeline.EventMetric} code, with
	 * {@link SondePipeline#CNF_AGGREGATE_MAX} for the maximum over the hops
	 * @param operator a {@link SondePipeline.CnfOperator} code
	 */
	public List<Entity> cnfLiteral(int slot, int metric, int operator, long threshold) {
		return List.of(Entities.of(this.registers.write(CNF_METRIC, slot, metric)),
				Entities.of(this.registers.write(CNF_OPERATOR, slot, operator)),
				Entities.of(this.registers.write(CNF_THRESHOLD, slot, threshold)));
	}

	/** Where reports mirrored to {@code reportPort} go: {@code send_report(...)}. */
	public Entity collector(int reportPort, long srcMac, long collectorMac, int srcIp, int collectorIp,
			int collectorPort, int hwId) {
		return Entities.of(this.tables.table(COLLECTORS)
			.exact(P4Tables.IntReportCollectors.EGRESS_PORT, reportPort)
			.action(P4Actions.SendReport.NAME)
			.param(P4Actions.SendReport.SRC_MAC, srcMac)
			.param(P4Actions.SendReport.COLLECTOR_MAC, collectorMac)
			.param(P4Actions.SendReport.SRC_IP, Integer.toUnsignedLong(srcIp))
			.param(P4Actions.SendReport.COLLECTOR_IP, Integer.toUnsignedLong(collectorIp))
			.param(P4Actions.SendReport.COLLECTOR_PORT, collectorPort)
			.param(P4Actions.SendReport.HW_ID, hwId)
			.build());
	}

	/** Clone session 500 bound to {@code reportPort} (P4Runtime §9.5.2). */
	public Entity reportMirror(int reportPort) {
		return cloneSession(SondePipeline.INT_REPORT_CLONE_SESSION_ID, reportPort);
	}

	/** Clone session {@code sessionId} with one replica, out of {@code port}. */
	public Entity cloneSession(int sessionId, int port) {
		return Entities.of(PacketReplicationEngineEntry.newBuilder()
			.setCloneSessionEntry(CloneSessionEntry.newBuilder()
				.setSessionId(sessionId)
				.addReplicas(Replica.newBuilder().setPort(Bytestrings.encode(port, 32))))
			.build());
	}

	/**
	 * The five-tuple key {@code int_watchlist} and {@code event_filter_flows} share, by
	 * the watchlist's field names.
	 */
	private static TableEntryBuilder flowKey(TableEntryBuilder entry, FlowKey key) {
		return entry
			.ternary(P4Tables.IntWatchlist.IPV4_SRC, Integer.toUnsignedLong(key.srcValue()),
					Integer.toUnsignedLong(key.srcMask()))
			.ternary(P4Tables.IntWatchlist.IPV4_DST, Integer.toUnsignedLong(key.dstValue()),
					Integer.toUnsignedLong(key.dstMask()))
			.ternary(P4Tables.IntWatchlist.IP_PROTO, key.protoValue(), key.protoMask())
			.range(P4Tables.IntWatchlist.L4_SRC_PORT, key.srcPortLow(), key.srcPortHigh())
			.range(P4Tables.IntWatchlist.L4_DST_PORT, key.dstPortLow(), key.dstPortHigh());
	}

}
