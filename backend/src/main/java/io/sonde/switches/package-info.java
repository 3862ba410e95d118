/**
 * P4 switches over P4Runtime. Today: whether each switch of the topology answers on its
 * P4Runtime endpoint (a Capabilities call every {@code sonde.switches.probe-interval}),
 * with its API version, round-trip time and last error, announced by
 * {@link io.sonde.switches.SwitchEndpointReachable} and
 * {@link io.sonde.switches.SwitchEndpointUnreachable}. Public face:
 * {@link io.sonde.switches.SwitchEndpoints}.
 * <p>
 * The switch-management issue adds here the registry of devices, their connections with
 * arbitration, pipeline push, desired-state tables and reconciliation (facade
 * SwitchManagement); the topology itself belongs to the topology module.
 */
@org.springframework.modulith.ApplicationModule(displayName = "Switches")
package io.sonde.switches;
