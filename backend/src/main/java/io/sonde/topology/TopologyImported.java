package io.sonde.topology;

/**
 * A topology was imported and replaced the previous one (published after it was stored).
 * Modules that follow the network (switches, which observes the topology's switches;
 * later planners) take it from here.
 */
public record TopologyImported(ImportedTopology imported) {

}
