package io.sonde.emulator.provision;

import java.util.ArrayList;
import java.util.List;

import io.sonde.emulator.pipeline.EventFilterAction;
import io.sonde.emulator.pipeline.FlowMatch;
import io.sonde.emulator.pipeline.IntInsertion;
import io.sonde.emulator.pipeline.ReportCollector;
import io.sonde.emulator.topology.Route;
import io.sonde.p4programs.entries.FlowKey;
import io.sonde.p4programs.entries.SondeEntities;
import io.sonde.p4runtime.entity.Updates;
import io.sonde.p4runtime.info.P4InfoIndex;
import p4.v1.Entity;
import p4.v1.Update;

/**
 * A {@link SwitchPlan} as P4Runtime updates, built by {@link SondeEntities}: the switch
 * id register, the report mirror (clone session, collector entry), routes, sink ports,
 * watchlist, event filters and CNF registers, in that order, so a switch can report
 * before it forwards INT packets.
 */
final class SondeUpdates {

	private final SondeEntities entities;

	SondeUpdates(P4InfoIndex p4Info) {
		this.entities = new SondeEntities(p4Info);
	}

	List<Update> of(SwitchPlan plan) {
		List<Update> updates = new ArrayList<>();
		updates.add(Updates.of(Update.Type.MODIFY, this.entities.nodeId(plan.intNodeId())));
		updates.add(Updates.of(Update.Type.INSERT, this.entities.reportMirror(plan.reportPort())));
		ReportCollector collector = plan.collector();
		updates.add(Updates.of(Update.Type.INSERT,
				this.entities.collector(plan.reportPort(), collector.srcMac(), collector.collectorMac(),
						collector.srcIp(), collector.collectorIp(), collector.collectorPort(), collector.hwId())));
		for (Route route : plan.routes()) {
			updates.add(Updates.of(Update.Type.INSERT, this.entities.route(route.destination().value(),
					route.prefixLength(), route.egressPort(), route.nextHopMac().value())));
		}
		plan.sinkPorts().forEach((port) -> updates.add(Updates.of(Update.Type.INSERT, this.entities.sinkPort(port))));
		for (FlowRule<IntInsertion> rule : plan.watchlist()) {
			IntInsertion insert = rule.action();
			updates.add(Updates.of(Update.Type.INSERT, this.entities.watch(key(rule.match()), rule.priority(),
					insert.instructions(), insert.hopMl(), insert.remainingHopCount())));
		}
		plan.eventFilters().forEach((rule) -> updates.add(Updates.of(Update.Type.INSERT, filter(rule))));
		for (CnfRegisterWrite literal : plan.cnfLiterals()) {
			this.entities.cnfLiteral(literal.slot(), literal.metric(), literal.operator(), literal.threshold())
				.forEach((cell) -> updates.add(Updates.of(Update.Type.MODIFY, cell)));
		}
		return updates;
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
