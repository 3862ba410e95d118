package io.sonde.emulator.provision;

import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.sonde.emulator.pipeline.EventFilterAction;
import io.sonde.emulator.pipeline.FlowMatch;
import io.sonde.emulator.pipeline.IntInsertion;
import io.sonde.emulator.pipeline.LabelFlow;
import io.sonde.emulator.pipeline.ReportCollector;
import io.sonde.emulator.topology.Endpoint;
import io.sonde.emulator.topology.EqualCostRoute;
import io.sonde.emulator.topology.HostSpec;
import io.sonde.emulator.topology.LinkSpec;
import io.sonde.emulator.topology.Route;
import io.sonde.emulator.topology.RoutingPlan;
import io.sonde.emulator.topology.ShortestPathRoutes;
import io.sonde.emulator.topology.SwitchSpec;
import io.sonde.emulator.topology.Topology;
import io.sonde.emulator.traffic.FlowSpec;
import io.sonde.emulator.traffic.TransportProtocol;
import io.sonde.p4programs.SondePipeline;
import io.sonde.p4programs.entries.SondeEntities;

/**
 * What the emulator's controller writes to every switch of a topology, decided before
 * anything is written: shortest-path {@code ipv4_lpm} routes (with ECMP, a group of every
 * equal-cost next hop where there are several), the INT Node ID (= device id), sink ports
 * (every host-facing port: a packet leaving toward a host leaves the INT domain there),
 * the INT source's watchlist at the edge switch a flow enters by, the sink's event filter
 * at the edge switch it leaves by, and the report mirror (clone session 500 to the report
 * port, {@code int_report_collectors} behind it). Transit needs no entry: every switch
 * pushes its hop onto an INT packet.
 * <p>
 * A flow between two hosts of one edge switch gets no INT, since its packets never leave
 * the edge switch toward another switch (sonde.p4 only inserts INT toward a non-sink
 * port).
 * <p>
 * With INT-label on ({@link ProvisioningOptions#labeling()}), every switch gets the same
 * settings and probability table, its host-facing ports as label sink ports and clone
 * session 501 to the CPU port; a specific flow's {@code label_flows} entry goes to the
 * switch its source host attaches to only (flow index = its place in the list).
 */
public record ProvisioningPlan(List<SwitchPlan> switches) {

	/**
	 * Priority of a listed flow's entries: above the wildcard of
	 * {@link IntFlows#every()}.
	 */
	static final int FLOW_PRIORITY = 10;

	static final int WILDCARD_PRIORITY = 1;

	/** {@code INT_WATCHLIST_TABLE_SIZE}, {@code EVENT_FILTER_TABLE_SIZE} (sizes.p4). */
	static final int FLOW_TABLE_SIZE = 1024;

	/**
	 * Report source addresses: 172.16.0.0/12 plus the device id, clear of host subnets.
	 */
	private static final int REPORT_SOURCE_NET = 0xAC10_0000;

	public ProvisioningPlan {
		switches = List.copyOf(switches);
	}

	/** The plan of one switch. */
	public SwitchPlan switchPlan(String name) {
		return this.switches.stream()
			.filter((plan) -> plan.switchName().equals(name))
			.findFirst()
			.orElseThrow(() -> new IllegalArgumentException("no switch " + name + " in the plan"));
	}

	/**
	 * Plans a running topology (each switch with the P4Runtime port it listens on).
	 * @throws IllegalArgumentException when a switch has no P4Runtime port, a flow names
	 * an unknown host, or the flows outgrow sonde.p4's tables
	 */
	public static ProvisioningPlan of(Topology topology, ProvisioningOptions options) {
		RoutingPlan routes = ShortestPathRoutes.compute(topology);
		Map<String, Builder> builders = new LinkedHashMap<>();
		for (SwitchSpec spec : topology.switches()) {
			if (spec.p4RuntimePort() == 0) {
				throw new IllegalArgumentException("switch " + spec.name()
						+ " has no P4Runtime port: plan the topology the emulator runs, with its real ports");
			}
			builders.put(spec.name(), new Builder(spec, hostPorts(topology, spec.name())));
		}
		if (options.intFlows() instanceof IntFlows.Every) {
			planEveryFlow(builders, options);
		}
		else {
			for (FlowSpec flow : ((IntFlows.Listed) options.intFlows()).flows()) {
				planFlow(topology, builders, options, flow);
			}
		}
		planSpecificFlows(topology, builders, options.labeling());
		List<SwitchPlan> plans = new ArrayList<>();
		for (Builder builder : builders.values()) {
			plans.add(builder.build(routes, options));
		}
		return new ProvisioningPlan(plans);
	}

	private static List<Integer> hostPorts(Topology topology, String switchName) {
		Set<String> hosts = new HashSet<>();
		topology.hosts().forEach((host) -> hosts.add(host.name()));
		List<Integer> ports = new ArrayList<>();
		for (LinkSpec link : topology.linksOf(switchName)) {
			if (hosts.contains(link.otherEnd(switchName).node())) {
				ports.add(link.endAt(switchName).port());
			}
		}
		return ports;
	}

	private static void planEveryFlow(Map<String, Builder> builders, ProvisioningOptions options) {
		IntInsertion insert = IntInsertion.insert(options.instructions(), options.remainingHopCount());
		for (Builder builder : builders.values()) {
			if (builder.sinkPorts.isEmpty()) {
				continue;
			}
			builder.watchlist.add(new FlowRule<>(FlowMatch.ANY, WILDCARD_PRIORITY, insert));
			builder.addFilter(FlowMatch.ANY, WILDCARD_PRIORITY, options.eventFilter());
		}
	}

	private static void planFlow(Topology topology, Map<String, Builder> builders, ProvisioningOptions options,
			FlowSpec flow) {
		HostSpec source = host(topology, flow.sourceHost());
		HostSpec destination = host(topology, flow.destinationHost());
		Endpoint entry = topology.attachmentOf(source.name());
		Endpoint exit = topology.attachmentOf(destination.name());
		if (entry.node().equals(exit.node()) || !builders.containsKey(entry.node())
				|| !builders.containsKey(exit.node())) {
			return;
		}
		int protocol = (flow.protocol() == TransportProtocol.TCP) ? 6 : 17;
		FlowMatch match = FlowMatch.ANY.withSrc(source.ipv4().value())
			.withDst(destination.ipv4().value())
			.withProto(protocol)
			.withSrcPorts(flow.sourcePort(), flow.sourcePort())
			.withDstPorts(flow.destinationPort(), flow.destinationPort());
		Builder sourceSwitch = builders.get(entry.node());
		sourceSwitch.watchlist.add(new FlowRule<>(match, FLOW_PRIORITY,
				IntInsertion.insert(options.instructions(), options.remainingHopCount())));
		sourceSwitch.requireRoom(sourceSwitch.watchlist.size(), FLOW_TABLE_SIZE, "int_watchlist entries");
		builders.get(exit.node()).addFilter(match, FLOW_PRIORITY, options.filterOf(flow));
	}

	private static void planSpecificFlows(Topology topology, Map<String, Builder> builders, LabelingSpec labeling) {
		List<LabelingSpec.SpecificFlow> flows = labeling.specificFlows();
		for (int index = 0; index < flows.size(); index++) {
			LabelingSpec.SpecificFlow specific = flows.get(index);
			FlowSpec flow = specific.flow();
			HostSpec source = host(topology, flow.sourceHost());
			HostSpec destination = host(topology, flow.destinationHost());
			Builder entry = builders.get(topology.attachmentOf(source.name()).node());
			if (entry == null) {
				continue;
			}
			int protocol = (flow.protocol() == TransportProtocol.TCP) ? 6 : 17;
			entry.labelFlows.add(new LabelPlan.FlowEntry(source.ipv4().value(), destination.ipv4().value(), protocol,
					flow.sourcePort(), flow.destinationPort(), new LabelFlow(index, specific.sampleIntervalMicros())));
		}
	}

	private static HostSpec host(Topology topology, String name) {
		return topology.hostNamed(name)
			.orElseThrow(() -> new IllegalArgumentException(
					"flow names host " + name + ", which " + topology.name() + " does not have"));
	}

	/** One switch's plan as it is put together. */
	private static final class Builder {

		final SwitchSpec spec;

		final List<Integer> sinkPorts;

		final List<FlowRule<IntInsertion>> watchlist = new ArrayList<>();

		final List<FlowRule<EventFilterAction>> filters = new ArrayList<>();

		final List<CnfRegisterWrite> cnf = new ArrayList<>();

		final List<LabelPlan.FlowEntry> labelFlows = new ArrayList<>();

		int nextFilterIndex;

		int nextExpression;

		Builder(SwitchSpec spec, List<Integer> sinkPorts) {
			this.spec = spec;
			this.sinkPorts = sinkPorts;
		}

		/**
		 * An event filter entry; a flow reported on every packet needs none (the
		 * default).
		 */
		void addFilter(FlowMatch match, int priority, EventFilterSpec filter) {
			if (filter instanceof EventFilterSpec.FastDetection fast) {
				requireRoom(this.nextFilterIndex + 1, SondePipeline.EVENT_FILTER_FLOWS, "fast-detection filters");
				this.filters.add(new FlowRule<>(match, priority, EventFilterAction.fastDetection(this.nextFilterIndex++,
						fast.algorithm(), fast.metric(), fast.threshold(), fast.emaWeight())));
			}
			else if (filter instanceof EventFilterSpec.ComplexDetection complex) {
				requireRoom(this.nextExpression + 1, SondePipeline.CNF_EXPRESSIONS, "CNF expressions");
				int expression = this.nextExpression++;
				for (EventFilterSpec.CnfLiteral literal : complex.literals()) {
					this.cnf.add(new CnfRegisterWrite(
							SondePipeline.cnfLiteralIndex(expression, literal.clause(), literal.literal()),
							literal.metricCode(), literal.operator().code(), literal.threshold()));
				}
				this.filters.add(new FlowRule<>(match, priority, EventFilterAction.complexDetection(expression)));
			}
			else {
				return;
			}
			requireRoom(this.filters.size(), FLOW_TABLE_SIZE, "event_filter_flows entries");
		}

		void requireRoom(int needed, int capacity, String what) {
			if (needed > capacity) {
				throw new IllegalArgumentException("switch " + this.spec.name() + " would need " + needed + " " + what
						+ "; sonde.p4 holds " + capacity + ": give INT to fewer flows");
			}
		}

		SwitchPlan build(RoutingPlan routes, ProvisioningOptions options) {
			ReportCollector collector = ReportCollector.sendReport(this.spec.mac().value(),
					options.collectorMac().value(), REPORT_SOURCE_NET | (int) (this.spec.deviceId() & 0xF_FFFF),
					ipv4(options.collector().getAddress()), options.collector().getPort(), options.hwId());
			List<Route> direct = routes.routesAt(this.spec.name());
			List<EqualCostRoute> spread = List.of();
			if (options.ecmp()) {
				spread = routes.equalCostAt(this.spec.name()).stream().filter(EqualCostRoute::isMultipath).toList();
				List<String> grouped = spread.stream().map(EqualCostRoute::destinationHost).toList();
				direct = direct.stream().filter((route) -> !grouped.contains(route.destinationHost())).toList();
			}
			return new SwitchPlan(this.spec.name(), this.spec.deviceId(), "127.0.0.1:" + this.spec.p4RuntimePort(),
					this.spec.deviceId(), direct, spread, SondeEntities.ecmpSaltOf(this.spec.name()), this.sinkPorts,
					this.watchlist, this.filters, this.cnf, options.reportPort(), collector,
					labelPlan(options.labeling()));
		}

		private LabelPlan labelPlan(LabelingSpec labeling) {
			if (!labeling.enabled()) {
				return LabelPlan.NONE;
			}
			return new LabelPlan(true, labeling.settings(), labeling.probabilities(), this.sinkPorts, this.labelFlows);
		}

		private static int ipv4(InetAddress address) {
			return ByteBuffer.wrap(address.getAddress()).getInt();
		}

	}

}
