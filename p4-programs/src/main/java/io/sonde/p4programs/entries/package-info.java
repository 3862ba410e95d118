/**
 * sonde.p4's control-plane entities built by name: routes, INT watchlist, sink ports,
 * event filters and their CNF registers, the report collector and its clone session, the
 * INT node id. The one place where a table's match fields and an action's parameters are
 * spelled, shared by the backend's desired state and the emulator's provisioning.
 */
package io.sonde.p4programs.entries;
