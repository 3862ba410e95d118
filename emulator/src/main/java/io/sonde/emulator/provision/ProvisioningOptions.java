package io.sonde.emulator.provision;

import java.net.InetSocketAddress;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

import io.sonde.emulator.net.MacAddress;
import io.sonde.emulator.report.UdpReportSender;
import io.sonde.emulator.traffic.FlowSpec;
import io.sonde.p4programs.SondePipeline;

/**
 * What the emulator's controller configures beyond forwarding: which flows carry INT and
 * with which items, how each sink filters its reports, and where reports go.
 *
 * @param intFlows the flows given INT
 * @param instructions the INT instruction bitmap (INT-2.1 §5.7: bit 15 node id ... bit 7
 * buffer); {@code hop_ml} follows from it
 * @param remainingHopCount hops a packet may collect, the source's included
 * @param eventFilter the pre-filter of every INT flow without its own
 * @param flowFilters pre-filters of single flows (listed flows only)
 * @param collector the collector's IPv4 address and UDP port, written into report headers
 * @param collectorMac the collector's MAC (or its next hop's), written into report frames
 * @param reportPort the port clone session
 * {@value SondePipeline#INT_REPORT_CLONE_SESSION_ID} mirrors reports to, and the key of
 * the {@code int_report_collectors} entry
 * @param hwId the TR-2.0 hw_id of every switch's reports
 * @param ecmp whether a destination with several equal-cost next hops is routed over all
 * of them (a group of sonde.p4's next-hop selector) rather than over the one
 * {@link io.sonde.emulator.topology.ShortestPathRoutes} picks
 * @param labeling how the switches run INT-label ({@link LabelingSpec#OFF}: nothing is
 * written)
 */
public record ProvisioningOptions(IntFlows intFlows, int instructions, int remainingHopCount,
		EventFilterSpec eventFilter, Map<FlowSpec, EventFilterSpec> flowFilters, InetSocketAddress collector,
		MacAddress collectorMac, int reportPort, int hwId, boolean ecmp, LabelingSpec labeling) {

	/** Every INT-2.1 item a sonde.p4 hop can carry: 12 words per hop. */
	public static final int ALL_INSTRUCTIONS = 0xFF80;

	/**
	 * INT on no flow, all nine items and 8 hops when INT is asked for, every packet
	 * reported, reports to 127.0.0.1:32766 by port 500, hw_id 0, INT-label off.
	 */
	public static final ProvisioningOptions DEFAULTS = new ProvisioningOptions(IntFlows.none(), ALL_INSTRUCTIONS,
			SondePipeline.MAX_INT_HOPS, EventFilterSpec.EVERY_PACKET, Map.of(), UdpReportSender.DEFAULT_COLLECTOR,
			MacAddress.local(0xC0_11EC_7000L), 500, 0, false, LabelingSpec.OFF);

	/** Options without INT-label ({@link LabelingSpec#OFF}). */
	public ProvisioningOptions(IntFlows intFlows, int instructions, int remainingHopCount, EventFilterSpec eventFilter,
			Map<FlowSpec, EventFilterSpec> flowFilters, InetSocketAddress collector, MacAddress collectorMac,
			int reportPort, int hwId, boolean ecmp) {
		this(intFlows, instructions, remainingHopCount, eventFilter, flowFilters, collector, collectorMac, reportPort,
				hwId, ecmp, LabelingSpec.OFF);
	}

	public ProvisioningOptions {
		Objects.requireNonNull(intFlows, "intFlows");
		Objects.requireNonNull(eventFilter, "eventFilter");
		Objects.requireNonNull(collector, "collector");
		Objects.requireNonNull(collectorMac, "collectorMac");
		Objects.requireNonNull(labeling, "labeling");
		flowFilters = Map.copyOf(flowFilters);
		if (instructions < 0 || instructions > 0xFFFF || (instructions & 0x007F) != 0) {
			throw new IllegalArgumentException(String.format(
					"INT instructions are bits 15..7 of a 16-bit bitmap (sonde.p4 writes no others): 0x%04x",
					instructions));
		}
		if (remainingHopCount < 1 || remainingHopCount > 255) {
			throw new IllegalArgumentException("remaining hop count is 1..255: " + remainingHopCount);
		}
		if (collector.isUnresolved() || collector.getAddress().getAddress().length != 4) {
			throw new IllegalArgumentException("the collector needs an IPv4 address: " + collector);
		}
		if (reportPort < 0 || reportPort > 511) {
			throw new IllegalArgumentException("the report port is a 9-bit port: " + reportPort);
		}
		if (hwId < 0 || hwId > 63) {
			throw new IllegalArgumentException("hw_id is 6 bits: " + hwId);
		}
	}

	public ProvisioningOptions withIntFlows(IntFlows flows) {
		return new ProvisioningOptions(flows, this.instructions, this.remainingHopCount, this.eventFilter,
				this.flowFilters, this.collector, this.collectorMac, this.reportPort, this.hwId, this.ecmp,
				this.labeling);
	}

	public ProvisioningOptions withInstructions(int bitmap) {
		return new ProvisioningOptions(this.intFlows, bitmap, this.remainingHopCount, this.eventFilter,
				this.flowFilters, this.collector, this.collectorMac, this.reportPort, this.hwId, this.ecmp,
				this.labeling);
	}

	public ProvisioningOptions withRemainingHopCount(int hops) {
		return new ProvisioningOptions(this.intFlows, this.instructions, hops, this.eventFilter, this.flowFilters,
				this.collector, this.collectorMac, this.reportPort, this.hwId, this.ecmp, this.labeling);
	}

	/** The pre-filter of every INT flow that has none of its own. */
	public ProvisioningOptions withEventFilter(EventFilterSpec filter) {
		return new ProvisioningOptions(this.intFlows, this.instructions, this.remainingHopCount, filter,
				this.flowFilters, this.collector, this.collectorMac, this.reportPort, this.hwId, this.ecmp,
				this.labeling);
	}

	/** The pre-filter of one listed flow. */
	public ProvisioningOptions withEventFilter(FlowSpec flow, EventFilterSpec filter) {
		Map<FlowSpec, EventFilterSpec> filters = new LinkedHashMap<>(this.flowFilters);
		filters.put(flow, filter);
		return new ProvisioningOptions(this.intFlows, this.instructions, this.remainingHopCount, this.eventFilter,
				filters, this.collector, this.collectorMac, this.reportPort, this.hwId, this.ecmp, this.labeling);
	}

	public ProvisioningOptions withCollector(InetSocketAddress address) {
		return new ProvisioningOptions(this.intFlows, this.instructions, this.remainingHopCount, this.eventFilter,
				this.flowFilters, address, this.collectorMac, this.reportPort, this.hwId, this.ecmp, this.labeling);
	}

	/**
	 * Routes over every equal-cost next hop (ECMP) or, false, over one per destination.
	 */
	public ProvisioningOptions withEcmp(boolean spread) {
		return new ProvisioningOptions(this.intFlows, this.instructions, this.remainingHopCount, this.eventFilter,
				this.flowFilters, this.collector, this.collectorMac, this.reportPort, this.hwId, spread, this.labeling);
	}

	/** INT-label as the switches are to run it. */
	public ProvisioningOptions withLabeling(LabelingSpec spec) {
		return new ProvisioningOptions(this.intFlows, this.instructions, this.remainingHopCount, this.eventFilter,
				this.flowFilters, this.collector, this.collectorMac, this.reportPort, this.hwId, this.ecmp, spec);
	}

	/** The filter of {@code flow}: its own, else the common one. */
	EventFilterSpec filterOf(FlowSpec flow) {
		return this.flowFilters.getOrDefault(flow, this.eventFilter);
	}

}
