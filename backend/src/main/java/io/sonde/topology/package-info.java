/**
 * The network as the operator sees it: switches (with the P4Runtime address and device id
 * that reach them), hosts and the links between their ports. The graph is imported from a
 * {@code sonde-topology} v1 document (the emulator's export) at start
 * ({@code sonde.topology.import-file}) or through {@code POST /api/v1/topology}, kept in
 * Redis so a restart keeps it, and announced with
 * {@link io.sonde.topology.TopologyImported}. Public face:
 * {@link io.sonde.topology.TopologyCatalog}; reading, writing and storing documents is
 * internal.
 */
@org.springframework.modulith.ApplicationModule(displayName = "Topology")
package io.sonde.topology;
