package io.sonde.emulator.topology;

import io.sonde.emulator.net.HostNode;
import io.sonde.emulator.net.Link;
import io.sonde.emulator.net.MacAddress;
import io.sonde.emulator.net.Network;
import io.sonde.emulator.net.Node;
import io.sonde.emulator.net.PacketPool;
import io.sonde.emulator.net.SwitchNode;
import io.sonde.emulator.sim.EventScheduler;
import io.sonde.emulator.sim.RandomStreams;

/**
 * Builds the emulated {@link Network} a {@link Topology} describes: nodes with their
 * ports, links with their parameters and random streams, each switch's data plane, and
 * each host's gateway MAC (the router MAC of the switch its NIC is cabled to).
 */
public final class NetworkFactory {

	private NetworkFactory() {
	}

	public static Network build(Topology topology, EventScheduler scheduler, RandomStreams randoms,
			DataPlaneFactory dataPlanes) {
		return build(topology, scheduler, new PacketPool(), randoms, dataPlanes);
	}

	public static Network build(Topology topology, EventScheduler scheduler, PacketPool packets, RandomStreams randoms,
			DataPlaneFactory dataPlanes) {
		Network network = new Network(scheduler, packets, randoms);
		for (SwitchSpec spec : topology.switches()) {
			network.addSwitch(spec.name(), spec.deviceId(), spec.mac());
		}
		for (HostSpec spec : topology.hosts()) {
			network.addHost(spec.name(), spec.ipv4(), spec.mac());
		}
		for (LinkSpec spec : topology.links()) {
			Node a = network.node(spec.a().node());
			Node b = network.node(spec.b().node());
			Link link = network.connect(a.addPort(spec.a().port()), b.addPort(spec.b().port()), spec.parameters());
			setGateway(link);
		}
		for (SwitchSpec spec : topology.switches()) {
			SwitchNode node = network.switchNamed(spec.name());
			node.setDataPlane(dataPlanes.create(spec, node));
		}
		return network;
	}

	private static void setGateway(Link link) {
		if (link.a().node() instanceof HostNode host) {
			host.setGatewayMac(macOf(link.b().node()));
		}
		if (link.b().node() instanceof HostNode host) {
			host.setGatewayMac(macOf(link.a().node()));
		}
	}

	private static MacAddress macOf(Node node) {
		return (node instanceof SwitchNode s) ? s.mac() : ((HostNode) node).mac();
	}

}
