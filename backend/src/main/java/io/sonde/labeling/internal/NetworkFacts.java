package io.sonde.labeling.internal;

import java.lang.System.Logger.Level;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import io.sonde.intconfig.IntConfigDocument.SwitchIntConfig;
import io.sonde.intconfig.IntConfigVersion;
import io.sonde.intconfig.IntConfiguration;
import io.sonde.switches.SwitchDevice;
import io.sonde.switches.SwitchManagement;
import io.sonde.switches.SwitchView;
import io.sonde.topology.ImportedTopology;
import io.sonde.topology.TopologyCatalog;
import io.sonde.topology.TopologyGraph;
import io.sonde.topology.TopologyHost;

import org.springframework.beans.factory.ObjectProvider;

/**
 * What labeling needs to know about the network: which switches exist, where hosts
 * attach, and each switch's INT node id (the device id its items carry), by the rule the
 * INT configuration uses: the configured {@code nodeId}, else the switch's device id.
 */
public class NetworkFacts {

	private static final System.Logger logger = System.getLogger(NetworkFacts.class.getName());

	/** How long the node id map is kept before it is read again. */
	private static final Duration NODE_ID_REFRESH = Duration.ofSeconds(1);

	private final TopologyCatalog topology;

	private final ObjectProvider<SwitchManagement> switches;

	private final ObjectProvider<IntConfiguration> intConfiguration;

	private final Clock clock;

	private volatile Graph graph;

	private volatile Map<Long, String> switchesByNodeId = Map.of();

	private volatile Instant nodeIdsReadAt = Instant.EPOCH;

	NetworkFacts(TopologyCatalog topology, ObjectProvider<SwitchManagement> switches,
			ObjectProvider<IntConfiguration> intConfiguration, Clock clock) {
		this.topology = topology;
		this.switches = switches;
		this.intConfiguration = intConfiguration;
		this.clock = clock;
	}

	/**
	 * The switch an INT node id names, from a map read again at most once a second, so a
	 * changed INT configuration or a newly registered switch is seen within a second.
	 */
	public Optional<String> switchOfNodeId(long nodeId) {
		Instant now = this.clock.instant();
		if (now.isAfter(this.nodeIdsReadAt.plus(NODE_ID_REFRESH))) {
			this.nodeIdsReadAt = now;
			try {
				this.switchesByNodeId = Map.copyOf(switchesByNodeId());
			}
			catch (RuntimeException ex) {
				logger.log(Level.WARNING, "INT node ids not read again (" + ex.getMessage() + "); keeping the last");
			}
		}
		return Optional.ofNullable(this.switchesByNodeId.get(nodeId));
	}

	/** Every switch of the topology with its cabled ports. */
	public Map<String, Set<Integer>> cabledPorts() {
		Map<String, Set<Integer>> ports = new HashMap<>();
		graph().ifPresent((g) -> g.graph()
			.topology()
			.switches()
			.forEach((node) -> ports.put(node.name(), new HashSet<>(ports(node.name())))));
		return ports;
	}

	/** The port of switch {@code from} cabled to {@code to}, if they are neighbours. */
	public Optional<Integer> portToward(String from, String to) {
		return graph().flatMap((g) -> g.graph()
			.neighbours(from)
			.stream()
			.filter((adjacency) -> adjacency.node().equals(to))
			.map(TopologyGraph.Adjacency::port)
			.findFirst());
	}

	/** Whether a switch of that name is registered or in the topology. */
	boolean knows(String switchName) {
		if (graph().map((g) -> g.graph().topology().switchNamed(switchName).isPresent()).orElse(false)) {
			return true;
		}
		return this.switches.getObject().switchNamed(switchName).filter(SwitchView::registered).isPresent();
	}

	/** The switch a host with this IPv4 address is cabled to, and its port toward it. */
	Optional<Attachment> hostAttachment(String ipv4) {
		return graph().flatMap((g) -> {
			Optional<TopologyHost> host = g.graph()
				.topology()
				.hosts()
				.stream()
				.filter((candidate) -> ipv4.equals(candidate.ipv4()))
				.findFirst();
			return host.flatMap((found) -> g.graph()
				.neighbours(found.name())
				.stream()
				.filter((adjacency) -> !g.graph().isHost(adjacency.node()))
				.findFirst()
				.map((adjacency) -> new Attachment(adjacency.node(), adjacency.remotePort())));
		});
	}

	/**
	 * The switch's ports whose peer is a host: where labeled packets leave the network.
	 */
	List<Integer> hostPorts(String switchName) {
		return graph().filter((g) -> g.graph().topology().switchNamed(switchName).isPresent())
			.map((g) -> g.graph().hostPorts(switchName))
			.orElse(List.of());
	}

	/** Every cabled port of the switch in the topology. */
	List<Integer> ports(String switchName) {
		return graph().filter((g) -> g.graph().topology().switchNamed(switchName).isPresent())
			.map((g) -> g.graph().neighbours(switchName).stream().map(TopologyGraph.Adjacency::port).toList())
			.orElse(List.of());
	}

	/** The switch's INT node id, as the INT configuration sets it or would. */
	long nodeId(SwitchDevice device) {
		Long configured = configuredNodeIds().get(device.name());
		return (configured != null) ? configured : device.deviceId();
	}

	/** Whether the INT configuration in force sets this switch's node id. */
	boolean intConfigured(String switchName) {
		return configuredNodeIds().containsKey(switchName);
	}

	/** Node id -> switch name for every switch known (registered or in the topology). */
	Map<Long, String> switchesByNodeId() {
		Map<String, Long> configured = configuredNodeIds();
		Map<Long, String> byId = new HashMap<>();
		graph().ifPresent((g) -> g.graph()
			.topology()
			.switches()
			.forEach((node) -> byId.put(configured.getOrDefault(node.name(), node.deviceId()), node.name())));
		for (SwitchView view : this.switches.getObject().switches()) {
			byId.put(configured.getOrDefault(view.name(), view.device().deviceId()), view.name());
		}
		return byId;
	}

	private Map<String, Long> configuredNodeIds() {
		IntConfiguration configuration = this.intConfiguration.getIfAvailable();
		if (configuration == null) {
			return Map.of();
		}
		Optional<IntConfigVersion> version;
		try {
			version = configuration.current();
		}
		catch (RuntimeException ex) {
			return Map.of();
		}
		Map<String, Long> ids = new HashMap<>();
		version.filter((current) -> !current.removesInt())
			.ifPresent((current) -> current.config().switchesOrNone().forEach((SwitchIntConfig node) -> {
				if (node != null && node.name() != null) {
					Long deviceId = (node.nodeId() != null) ? node.nodeId() : deviceIdOf(node.name());
					if (deviceId != null) {
						ids.put(node.name(), deviceId);
					}
				}
			}));
		return ids;
	}

	private Long deviceIdOf(String switchName) {
		Optional<SwitchView> registered = this.switches.getObject()
			.switchNamed(switchName)
			.filter(SwitchView::registered);
		if (registered.isPresent()) {
			return registered.get().device().deviceId();
		}
		return graph().flatMap((g) -> g.graph().topology().switchNamed(switchName))
			.map((node) -> node.deviceId())
			.orElse(null);
	}

	private Optional<Graph> graph() {
		Optional<ImportedTopology> current = this.topology.current();
		if (current.isEmpty()) {
			return Optional.empty();
		}
		Graph last = this.graph;
		if (last == null || last.imported() != current.get()) {
			last = new Graph(current.get(), TopologyGraph.of(current.get().topology()));
			this.graph = last;
		}
		return Optional.of(last);
	}

	/**
	 * A host's place.
	 *
	 * @param switchName the switch it is cabled to
	 * @param port that switch's port toward it
	 */
	record Attachment(String switchName, int port) {
	}

	private record Graph(ImportedTopology imported, TopologyGraph graph) {
	}

}
