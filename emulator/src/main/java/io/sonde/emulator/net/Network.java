package io.sonde.emulator.net;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.sonde.emulator.sim.EventScheduler;
import io.sonde.emulator.sim.RandomStreams;

/**
 * The emulated network: nodes, links, the packet pool and the scheduler they share. Built
 * by hand or from a topology ({@code io.sonde.emulator.topology.NetworkFactory}); set-up
 * happens before running or on the scheduler's thread.
 */
public final class Network {

	private final EventScheduler scheduler;

	private final PacketPool packets;

	private final RandomStreams randoms;

	private final Map<String, Node> nodes = new LinkedHashMap<>();

	private final List<SwitchNode> switches = new ArrayList<>();

	private final List<HostNode> hosts = new ArrayList<>();

	private final Map<Integer, HostNode> hostsByAddress = new HashMap<>();

	private final List<Link> links = new ArrayList<>();

	private QueueingRecorder queueingRecorder;

	private int nextFlowIndex;

	public Network(EventScheduler scheduler, PacketPool packets, RandomStreams randoms) {
		if (scheduler == null || packets == null || randoms == null) {
			throw new IllegalArgumentException("a network needs a scheduler, a packet pool and random streams");
		}
		this.scheduler = scheduler;
		this.packets = packets;
		this.randoms = randoms;
	}

	public EventScheduler scheduler() {
		return this.scheduler;
	}

	public PacketPool packets() {
		return this.packets;
	}

	public RandomStreams randoms() {
		return this.randoms;
	}

	public SwitchNode addSwitch(String name, long deviceId, MacAddress mac) {
		requireNewName(name);
		SwitchNode node = new SwitchNode(name, deviceId, mac, this.scheduler, this.packets);
		this.nodes.put(name, node);
		this.switches.add(node);
		return node;
	}

	public HostNode addHost(String name, Ipv4Address ipv4, MacAddress mac) {
		requireNewName(name);
		if (this.hostsByAddress.containsKey(ipv4.value())) {
			throw new IllegalArgumentException("two hosts with address " + ipv4 + ": "
					+ this.hostsByAddress.get(ipv4.value()).name() + " and " + name);
		}
		HostNode node = new HostNode(name, ipv4, mac, this.scheduler, this.packets);
		this.nodes.put(name, node);
		this.hosts.add(node);
		this.hostsByAddress.put(ipv4.value(), node);
		return node;
	}

	/**
	 * Connects two ports with a link; each direction draws loss and jitter from its own
	 * random stream named after its ends.
	 * @throws PortAlreadyConnected if either port has a link
	 */
	public Link connect(Port a, Port b, LinkParameters parameters) {
		if (a == b) {
			throw new IllegalArgumentException("a link needs two different ports: " + a);
		}
		for (Port end : new Port[] { a, b }) {
			if (end.isConnected()) {
				throw new PortAlreadyConnected(end.node().name(), end.number());
			}
			if (this.nodes.get(end.node().name()) != end.node()) {
				throw new UnknownNode(end.node().name());
			}
		}
		LinkDirection forward = new LinkDirection(this.scheduler, this.packets, a, b, parameters,
				this.randoms.forComponent("link:" + a + "->" + b));
		LinkDirection reverse = new LinkDirection(this.scheduler, this.packets, b, a, parameters,
				this.randoms.forComponent("link:" + b + "->" + a));
		Link link = new Link(a, b, parameters, forward, reverse);
		a.link = link;
		b.link = link;
		a.queue = new EgressQueue(this.scheduler, this.packets, a, forward, parameters.queueCapacityPackets());
		b.queue = new EgressQueue(this.scheduler, this.packets, b, reverse, parameters.queueCapacityPackets());
		a.queue.recorder = this.queueingRecorder;
		b.queue.recorder = this.queueingRecorder;
		this.links.add(link);
		return link;
	}

	/** Installs the ground-truth recorder on every egress queue (null removes it). */
	public void setQueueingRecorder(QueueingRecorder recorder) {
		this.queueingRecorder = recorder;
		for (Link link : this.links) {
			link.a().queue.recorder = recorder;
			link.b().queue.recorder = recorder;
		}
	}

	/**
	 * @throws UnknownNode if there is no such node
	 */
	public Node node(String name) {
		Node node = this.nodes.get(name);
		if (node == null) {
			throw new UnknownNode(name);
		}
		return node;
	}

	/**
	 * @throws UnknownNode if there is no switch of that name
	 */
	public SwitchNode switchNamed(String name) {
		if (this.nodes.get(name) instanceof SwitchNode node) {
			return node;
		}
		throw new UnknownNode("switch " + name);
	}

	/**
	 * @throws UnknownNode if there is no host of that name
	 */
	public HostNode hostNamed(String name) {
		if (this.nodes.get(name) instanceof HostNode node) {
			return node;
		}
		throw new UnknownNode("host " + name);
	}

	/**
	 * @throws UnknownNode if no host has that address
	 */
	public HostNode hostWithAddress(Ipv4Address address) {
		HostNode host = this.hostsByAddress.get(address.value());
		if (host == null) {
			throw new UnknownNode("host with address " + address);
		}
		return host;
	}

	public List<SwitchNode> switches() {
		return Collections.unmodifiableList(this.switches);
	}

	public List<HostNode> hosts() {
		return Collections.unmodifiableList(this.hosts);
	}

	public List<Link> links() {
		return Collections.unmodifiableList(this.links);
	}

	/**
	 * Reserves {@code count} consecutive traffic flow indexes (the ground-truth flow id
	 * packets carry), so flows started at different times never share one.
	 * @return the first reserved index
	 */
	public int reserveFlowIndexes(int count) {
		if (count < 0 || (long) this.nextFlowIndex + count > Integer.MAX_VALUE) {
			throw new IllegalArgumentException("cannot reserve " + count + " more flow indexes");
		}
		int first = this.nextFlowIndex;
		this.nextFlowIndex += count;
		return first;
	}

	/** Frames delivered across links so far: one per packet per link traversed. */
	public long packetHops() {
		long hops = 0;
		for (Link link : this.links) {
			hops += link.deliveredPackets();
		}
		return hops;
	}

	private void requireNewName(String name) {
		if (name == null || name.isBlank()) {
			throw new IllegalArgumentException("a node needs a name");
		}
		if (this.nodes.containsKey(name)) {
			throw new IllegalArgumentException("the network already has a node named " + name);
		}
	}

}
