package io.sonde.switches;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.sonde.emulator.p4rt.EmulatedP4RuntimeServer;
import io.sonde.emulator.topology.FatTree;
import io.sonde.emulator.topology.SwitchSpec;
import io.sonde.emulator.topology.Topology;
import io.sonde.emulator.topology.TopologyJson;

/**
 * A topology whose switches run as real emulated P4Runtime servers on 127.0.0.1, each on
 * a free port, and the {@code sonde-topology} export of it with those ports: what the
 * emulator's {@code --export} gives the backend, without the emulator's network. Shared
 * with e2e-tests through the backend's test jar.
 */
public final class EmulatedFabric implements AutoCloseable {

	private final Topology topology;

	private final Map<String, EmulatedP4RuntimeServer> servers;

	private EmulatedFabric(Topology topology, Map<String, EmulatedP4RuntimeServer> servers) {
		this.topology = topology;
		this.servers = servers;
	}

	/** FatTree(k): (k/2)² cores, k pods of k/2 aggregation and k/2 edge switches. */
	public static EmulatedFabric fatTree(int k) {
		return start(FatTree.build(k));
	}

	/** Starts one server per switch of {@code planned} (its ports are ignored). */
	public static EmulatedFabric start(Topology planned) {
		Map<String, EmulatedP4RuntimeServer> servers = new LinkedHashMap<>();
		List<SwitchSpec> listening = new ArrayList<>();
		try {
			for (SwitchSpec planSwitch : planned.switches()) {
				EmulatedP4RuntimeServer server = EmulatedP4RuntimeServer.start(planSwitch.name(), planSwitch.deviceId(),
						0);
				servers.put(planSwitch.name(), server);
				listening.add(planSwitch.withP4RuntimePort(server.port()));
			}
		}
		catch (RuntimeException ex) {
			servers.values().forEach(EmulatedP4RuntimeServer::close);
			throw ex;
		}
		return new EmulatedFabric(new Topology(planned.name(), listening, planned.hosts(), planned.links()), servers);
	}

	/** The topology with the ports the servers listen on. */
	public Topology topology() {
		return this.topology;
	}

	/** The {@code sonde-topology} v1 export, as the emulator writes it. */
	public String document() {
		return TopologyJson.write(this.topology);
	}

	public List<String> switchNames() {
		return List.copyOf(this.servers.keySet());
	}

	public EmulatedP4RuntimeServer server(String switchName) {
		EmulatedP4RuntimeServer server = this.servers.get(switchName);
		if (server == null) {
			throw new IllegalArgumentException("no switch " + switchName + " in " + this.topology.name());
		}
		return server;
	}

	/** Stops a switch's server: its port refuses connections until {@link #restart}. */
	public synchronized void stop(String switchName) {
		server(switchName).close();
	}

	/** Starts a stopped switch again on its port, with fresh state. */
	public synchronized void restart(String switchName) {
		SwitchSpec spec = this.topology.switchNamed(switchName).orElseThrow();
		this.servers.put(switchName, EmulatedP4RuntimeServer.start(switchName, spec.deviceId(), spec.p4RuntimePort()));
	}

	@Override
	public synchronized void close() {
		this.servers.values().forEach(EmulatedP4RuntimeServer::close);
	}

}
