package io.sonde.web.dashboard;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

import io.sonde.switches.SwitchView;
import io.sonde.topology.Topology;
import io.sonde.topology.TopologyLink;

/**
 * What topology.js draws: the current topology's nodes and links, each switch with the
 * card of its connection (grey when not registered). Sent as JSON.
 *
 * @param name the topology's name
 * @param switches in document order
 * @param hosts in document order
 * @param links in document order
 */
public record TopologyDrawing(String name, List<SwitchNode> switches, List<HostNode> hosts, List<LinkLine> links) {

	public static TopologyDrawing of(Topology topology, List<SwitchView> known) {
		Map<String, SwitchView> byName = known.stream()
			.collect(Collectors.toMap(SwitchView::name, Function.identity(), (first, second) -> first));
		List<SwitchNode> switches = topology.switches().stream().map((node) -> {
			SwitchView view = byName.get(node.name());
			SwitchCard card = (view != null) ? SwitchCard.of(view)
					: SwitchCard.notRegistered(node.name(), node.role(), node.p4RuntimeAddress(), node.deviceId());
			return new SwitchNode(node.name(), node.role(), card);
		}).toList();
		List<HostNode> hosts = topology.hosts().stream().map((host) -> new HostNode(host.name(), host.ipv4())).toList();
		List<LinkLine> links = topology.links().stream().map(LinkLine::of).toList();
		return new TopologyDrawing(topology.name(), switches, hosts, links);
	}

	/**
	 * @param name the switch
	 * @param role where it sits ({@code core}, {@code aggregation}, {@code edge}, ...)
	 * @param card its connection, as the Switches page shows it
	 */
	public record SwitchNode(String name, String role, SwitchCard card) {
	}

	public record HostNode(String name, String ipv4) {
	}

	/** A cable between {@code a:aPort} and {@code b:bPort}. */
	public record LinkLine(String a, int aPort, String b, int bPort) {

		static LinkLine of(TopologyLink link) {
			return new LinkLine(link.a().node(), link.a().port(), link.b().node(), link.b().port());
		}

	}

}
