/**
 * Topologies: the model ({@link io.sonde.emulator.topology.Topology}: switches with
 * device ids, names and P4Runtime ports, hosts with IPv4/MAC, links with their
 * parameters), the generators ({@link io.sonde.emulator.topology.FatTree},
 * {@link io.sonde.emulator.topology.IntLabelFabric},
 * {@link io.sonde.emulator.topology.WattsStrogatz}), the JSON file format the emulator
 * loads and the backend imports ({@link io.sonde.emulator.topology.TopologyJson}),
 * deterministic shortest-path routes per destination host
 * ({@link io.sonde.emulator.topology.ShortestPathRoutes}, for the {@code ipv4_lpm}
 * entries the control plane writes), and the step from a topology to a running
 * {@link io.sonde.emulator.net.Network}
 * ({@link io.sonde.emulator.topology.NetworkFactory}).
 */
package io.sonde.emulator.topology;
