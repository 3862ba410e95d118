/**
 * The network as the operator sees it: switches, hosts and links, discovered from the
 * switches and from configuration. Filled in by the switch-management issue.
 */
@org.springframework.modulith.ApplicationModule(displayName = "Topology")
package io.sonde.topology;
