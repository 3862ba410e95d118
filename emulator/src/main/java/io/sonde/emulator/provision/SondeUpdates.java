package io.sonde.emulator.provision;

import java.util.ArrayList;
import java.util.List;

import io.sonde.emulator.pipeline.EventFilterAction;
import io.sonde.emulator.pipeline.FlowMatch;
import io.sonde.emulator.pipeline.IntInsertion;
import io.sonde.emulator.pipeline.ReportCollector;
import io.sonde.emulator.pipeline.SondeRegister;
import io.sonde.emulator.topology.Route;
import io.sonde.p4programs.SondePipeline;
import io.sonde.p4runtime.bytes.Bytestrings;
import io.sonde.p4runtime.entity.Entities;
import io.sonde.p4runtime.entity.RegisterEntries;
import io.sonde.p4runtime.entity.TableEntries;
import io.sonde.p4runtime.entity.TableEntryBuilder;
import io.sonde.p4runtime.entity.Updates;
import io.sonde.p4runtime.info.P4InfoIndex;
import p4.v1.CloneSessionEntry;
import p4.v1.PacketReplicationEngineEntry;
import p4.v1.Replica;
import p4.v1.TableEntry;
import p4.v1.Update;

/**
 * A {@link SwitchPlan} as P4Runtime updates against sonde.p4's P4Info, every name
 * resolved through it: the switch id register, the report mirror (clone session,
 * collector entry), routes, sink ports, watchlist, event filters and CNF registers, in
 * that order, so a switch can report before it forwards INT packets.
 */
final class SondeUpdates {

	private static final String IPV4_LPM = "SondeIngress.forwarding.ipv4_lpm";

	private static final String SINK_PORTS = "SondeIngress.int_sink.int_sink_ports";

	private static final String WATCHLIST = "SondeIngress.int_source.int_watchlist";

	private static final String EVENT_FILTER = "SondeIngress.int_sink.event_filter.event_filter_flows";

	private static final String COLLECTORS = "SondeEgress.int_report.int_report_collectors";

	private static final String FILTER_ACTIONS = "SondeIngress.int_sink.event_filter.";

	private final TableEntries tables;

	private final RegisterEntries registers;

	SondeUpdates(P4InfoIndex p4Info) {
		this.tables = new TableEntries(p4Info);
		this.registers = new RegisterEntries(p4Info);
	}

	List<Update> of(SwitchPlan plan) {
		List<Update> updates = new ArrayList<>();
		updates.add(Updates.modify(this.registers.write(SondeRegister.INT_SWITCH_ID.p4Name(), 0, plan.intNodeId())));
		updates.add(Updates.of(Update.Type.INSERT, Entities.of(reportMirror(plan.reportPort()))));
		updates.add(Updates.insert(collector(plan.reportPort(), plan.collector())));
		plan.routes().forEach((route) -> updates.add(Updates.insert(route(route))));
		plan.sinkPorts().forEach((port) -> updates.add(Updates.insert(sinkPort(port))));
		plan.watchlist().forEach((rule) -> updates.add(Updates.insert(watch(rule))));
		plan.eventFilters().forEach((rule) -> updates.add(Updates.insert(filter(rule))));
		for (CnfRegisterWrite literal : plan.cnfLiterals()) {
			updates.add(Updates.modify(
					this.registers.write(SondeRegister.EVENT_CNF_METRIC.p4Name(), literal.slot(), literal.metric())));
			updates.add(Updates.modify(this.registers.write(SondeRegister.EVENT_CNF_OPERATOR.p4Name(), literal.slot(),
					literal.operator())));
			updates.add(Updates.modify(this.registers.write(SondeRegister.EVENT_CNF_THRESHOLD.p4Name(), literal.slot(),
					literal.threshold())));
		}
		return updates;
	}

	/** Clone session 500, where the sink mirrors what it reports (P4Runtime §9.5.2). */
	static PacketReplicationEngineEntry reportMirror(int reportPort) {
		return PacketReplicationEngineEntry.newBuilder()
			.setCloneSessionEntry(CloneSessionEntry.newBuilder()
				.setSessionId(SondePipeline.INT_REPORT_CLONE_SESSION_ID)
				.addReplicas(Replica.newBuilder().setPort(Bytestrings.encode(reportPort, 32))))
			.build();
	}

	private TableEntry collector(int reportPort, ReportCollector collector) {
		return this.tables.table(COLLECTORS)
			.exact("egress_port", reportPort)
			.action("SondeEgress.int_report.send_report")
			.param("src_mac", collector.srcMac())
			.param("collector_mac", collector.collectorMac())
			.param("src_ip", Integer.toUnsignedLong(collector.srcIp()))
			.param("collector_ip", Integer.toUnsignedLong(collector.collectorIp()))
			.param("collector_port", collector.collectorPort())
			.param("hw_id", collector.hwId())
			.build();
	}

	private TableEntry route(Route route) {
		return this.tables.table(IPV4_LPM)
			.lpm("dst_addr", Integer.toUnsignedLong(route.destination().value()), route.prefixLength())
			.action("SondeIngress.forwarding.set_next_hop")
			.param("port", route.egressPort())
			.param("dmac", route.nextHopMac().value())
			.build();
	}

	private TableEntry sinkPort(int port) {
		return this.tables.table(SINK_PORTS)
			.exact("egress_port", port)
			.action("SondeIngress.int_sink.mark_sink_port")
			.build();
	}

	private TableEntry watch(FlowRule<IntInsertion> rule) {
		IntInsertion insert = rule.action();
		return flowKey(this.tables.table(WATCHLIST), rule.match()).priority(rule.priority())
			.action("SondeIngress.int_source.insert_int")
			.param("instructions", insert.instructions())
			.param("hop_ml", insert.hopMl())
			.param("remaining_hop_count", insert.remainingHopCount())
			.build();
	}

	private TableEntry filter(FlowRule<EventFilterAction> rule) {
		EventFilterAction action = rule.action();
		TableEntryBuilder entry = flowKey(this.tables.table(EVENT_FILTER), rule.match()).priority(rule.priority());
		if (action.mode() == EventFilterAction.MODE_COMPLEX) {
			return entry.action(FILTER_ACTIONS + "complex_detection")
				.param("expression_index", action.expressionIndex())
				.build();
		}
		return entry.action(FILTER_ACTIONS + "fast_detection")
			.param("filter_index", action.filterIndex())
			.param("algorithm", action.algorithm())
			.param("metric", action.metric())
			.param("threshold", action.threshold())
			.param("ema_weight", action.emaWeight())
			.build();
	}

	/** The five-field key of the watchlist and the event filter. */
	private static TableEntryBuilder flowKey(TableEntryBuilder entry, FlowMatch match) {
		return entry
			.ternary("ipv4_src", Integer.toUnsignedLong(match.srcValue()), Integer.toUnsignedLong(match.srcMask()))
			.ternary("ipv4_dst", Integer.toUnsignedLong(match.dstValue()), Integer.toUnsignedLong(match.dstMask()))
			.ternary("ip_proto", match.protoValue(), match.protoMask())
			.range("l4_src_port", match.srcPortLow(), match.srcPortHigh())
			.range("l4_dst_port", match.dstPortLow(), match.dstPortHigh());
	}

}
