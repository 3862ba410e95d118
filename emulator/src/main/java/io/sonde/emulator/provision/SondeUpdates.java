package io.sonde.emulator.provision;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import io.sonde.emulator.pipeline.EventFilterAction;
import io.sonde.emulator.pipeline.FlowMatch;
import io.sonde.emulator.pipeline.IntInsertion;
import io.sonde.emulator.pipeline.LabelProbability;
import io.sonde.emulator.pipeline.LabelSettings;
import io.sonde.emulator.pipeline.ReportCollector;
import io.sonde.emulator.pipeline.SondeIngress;
import io.sonde.emulator.topology.EqualCostRoute;
import io.sonde.emulator.topology.Route;
import io.sonde.p4programs.SondePipeline;
import io.sonde.p4programs.entries.FlowKey;
import io.sonde.p4programs.entries.SondeEntities;
import io.sonde.p4runtime.entity.Updates;
import io.sonde.p4runtime.info.P4InfoIndex;
import p4.v1.Entity;
import p4.v1.Update;

/**
 * A {@link SwitchPlan} as P4Runtime updates, built by {@link SondeEntities}: the switch
 * id register, the report mirror (clone session, collector entry), the ECMP salt and
 * next-hop members, then the groups, then the {@code next_hop} entries, routes, sink
 * ports, watchlist, event filters and CNF registers, in that order, so a switch can
 * report before it forwards INT packets. INT-label's settings and export session come
 * with the first phase, its probability table, sink ports and specific flows with the
 * entries. Members, groups and the entries naming them are in separate phases, each to be
 * written in Writes of its own: a switch may apply the updates of one Write in any order
 * (P4Runtime §12.2), and a group needs its members.
 */
final class SondeUpdates {

	private final SondeEntities entities;

	SondeUpdates(P4InfoIndex p4Info) {
		this.entities = new SondeEntities(p4Info);
	}

	/** Every update of the plan, phase after phase. */
	List<Update> of(SwitchPlan plan) {
		List<Update> all = new ArrayList<>();
		phases(plan).forEach(all::addAll);
		return all;
	}

	/** The plan's updates in the phases their references dictate. */
	List<List<Update>> phases(SwitchPlan plan) {
		List<Update> updates = new ArrayList<>();
		List<Update> groups = new ArrayList<>();
		List<Update> entries = new ArrayList<>();
		updates.add(Updates.of(Update.Type.MODIFY, this.entities.nodeId(plan.intNodeId())));
		updates.add(Updates.of(Update.Type.INSERT, this.entities.reportMirror(plan.reportPort())));
		ReportCollector collector = plan.collector();
		updates.add(Updates.of(Update.Type.INSERT,
				this.entities.collector(plan.reportPort(), collector.srcMac(), collector.collectorMac(),
						collector.srcIp(), collector.collectorIp(), collector.collectorPort(), collector.hwId())));
		ecmp(plan, updates, groups, entries);
		for (Route route : plan.routes()) {
			entries.add(Updates.of(Update.Type.INSERT, this.entities.route(route.destination().value(),
					route.prefixLength(), route.egressPort(), route.nextHopMac().value())));
		}
		plan.sinkPorts().forEach((port) -> entries.add(Updates.of(Update.Type.INSERT, this.entities.sinkPort(port))));
		for (FlowRule<IntInsertion> rule : plan.watchlist()) {
			IntInsertion insert = rule.action();
			entries.add(Updates.of(Update.Type.INSERT, this.entities.watch(key(rule.match()), rule.priority(),
					insert.instructions(), insert.hopMl(), insert.remainingHopCount())));
		}
		plan.eventFilters().forEach((rule) -> entries.add(Updates.of(Update.Type.INSERT, filter(rule))));
		label(plan.label(), updates, entries);
		for (CnfRegisterWrite literal : plan.cnfLiterals()) {
			this.entities.cnfLiteral(literal.slot(), literal.metric(), literal.operator(), literal.threshold())
				.forEach((cell) -> entries.add(Updates.of(Update.Type.MODIFY, cell)));
		}
		return List.of(updates, groups, entries).stream().filter((phase) -> !phase.isEmpty()).toList();
	}

	/**
	 * INT-label: settings (the default entry) and clone session 501 to the CPU port
	 * first, then the probability table, the sink ports and the specific flows.
	 */
	private void label(LabelPlan label, List<Update> first, List<Update> entries) {
		if (!label.enabled()) {
			return;
		}
		LabelSettings settings = label.settings();
		first.add(Updates.of(Update.Type.MODIFY, this.entities.labelSettings(mode(settings.mode()),
				settings.intervalMicros(), settings.restMicros(), settings.maxHop())));
		first.add(Updates.of(Update.Type.INSERT, this.entities.labelExportMirror(SondeIngress.CPU_PORT)));
		for (int n = 0; n < label.probabilities().size(); n++) {
			LabelProbability probability = label.probabilities().get(n);
			entries.add(Updates.of(Update.Type.INSERT,
					this.entities.labelProbability(n, probability.threshold(), probability.scaleByInterval())));
		}
		label.sinkPorts()
			.forEach((port) -> entries.add(Updates.of(Update.Type.INSERT, this.entities.labelSinkPort(port))));
		for (LabelPlan.FlowEntry flow : label.flows()) {
			entries.add(Updates.of(Update.Type.INSERT,
					this.entities.labelFlow(
							new io.sonde.p4programs.entries.LabelFlow(flow.src(), flow.dst(), flow.protocol(),
									flow.srcPort(), flow.dstPort()),
							flow.action().flowIndex(), flow.action().sampleIntervalMicros())));
		}
	}

	private static SondePipeline.LabelMode mode(int code) {
		for (SondePipeline.LabelMode mode : SondePipeline.LabelMode.values()) {
			if (mode.code() == code) {
				return mode;
			}
		}
		throw new IllegalArgumentException("no label mode has code " + code);
	}

	/**
	 * The salt, one member per port a group uses (member id = port), group {@code i + 1}
	 * for the plan's {@code i}th multipath destination, its {@code next_hop} entry and
	 * route.
	 */
	private void ecmp(SwitchPlan plan, List<Update> members, List<Update> groups, List<Update> entries) {
		if (plan.ecmpRoutes().isEmpty()) {
			return;
		}
		members.add(Updates.of(Update.Type.MODIFY, this.entities.ecmpSalt(plan.ecmpSalt())));
		Map<Integer, EqualCostRoute.NextHop> byPort = new TreeMap<>();
		plan.ecmpRoutes().forEach((route) -> route.nextHops().forEach((hop) -> byPort.putIfAbsent(hop.port(), hop)));
		byPort.values()
			.forEach((hop) -> members.add(Updates.of(Update.Type.INSERT,
					this.entities.nextHopMember(hop.port(), hop.port(), hop.mac().value()))));
		for (int i = 0; i < plan.ecmpRoutes().size(); i++) {
			EqualCostRoute route = plan.ecmpRoutes().get(i);
			int group = i + 1;
			List<Integer> ports = route.nextHops()
				.stream()
				.map(EqualCostRoute.NextHop::port)
				.limit(this.entities.maxGroupSize())
				.toList();
			groups.add(Updates.of(Update.Type.INSERT, this.entities.nextHopGroup(group, ports)));
			entries.add(Updates.of(Update.Type.INSERT, this.entities.nextHop(group)));
			entries.add(
					Updates.of(Update.Type.INSERT, this.entities.routeToGroup(route.destination().value(), 32, group)));
		}
	}

	private Entity filter(FlowRule<EventFilterAction> rule) {
		EventFilterAction action = rule.action();
		if (action.mode() == EventFilterAction.MODE_COMPLEX) {
			return this.entities.complexDetection(key(rule.match()), rule.priority(), action.expressionIndex());
		}
		return this.entities.fastDetection(key(rule.match()), rule.priority(), action.filterIndex(), action.algorithm(),
				action.metric(), action.threshold(), action.emaWeight());
	}

	private static FlowKey key(FlowMatch match) {
		return new FlowKey(match.srcValue(), match.srcMask(), match.dstValue(), match.dstMask(), match.protoValue(),
				match.protoMask(), match.srcPortLow(), match.srcPortHigh(), match.dstPortLow(), match.dstPortHigh());
	}

}
