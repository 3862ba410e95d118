package io.sonde.switches.internal;

import java.util.List;
import java.util.function.Function;
import java.util.stream.IntStream;

import io.sonde.switches.SwitchView;
import io.sonde.switches.internal.polling.PolledSwitches;
import io.sonde.topology.TopologyCatalog;
import io.sonde.topology.TopologyGraph;
import p4.v1.Entity;

/** Managed switches for the poller, with their cabled ports from the topology. */
final class TopologyPolledSwitches implements PolledSwitches {

	private static final List<Integer> UNKNOWN_PORTS = IntStream.range(0, 32).boxed().toList();

	private final ManagedSwitches switches;

	private final TopologyCatalog catalog;

	TopologyPolledSwitches(ManagedSwitches switches, TopologyCatalog catalog) {
		this.switches = switches;
		this.catalog = catalog;
	}

	@Override
	public List<SwitchView> connected() {
		return this.switches.switches();
	}

	@Override
	public List<Integer> ports(String switchName) {
		return this.catalog.current()
			.filter((imported) -> imported.topology().switchNamed(switchName).isPresent())
			.map((imported) -> TopologyGraph.of(imported.topology())
				.neighbours(switchName)
				.stream()
				.map(TopologyGraph.Adjacency::port)
				.sorted()
				.toList())
			.orElse(UNKNOWN_PORTS);
	}

	@Override
	public Function<List<Entity>, List<Entity>> reader(String switchName) {
		return (requests) -> this.switches.readEntities(switchName, requests);
	}

}
