/**
 * The emulator's own controller in a box: a declarative
 * {@link io.sonde.emulator.provision.ProvisioningPlan} built from a running topology and
 * {@link io.sonde.emulator.provision.ProvisioningOptions} (routes, INT roles, event
 * filters, report path), applied to every switch over P4Runtime by
 * {@link io.sonde.emulator.provision.NetworkProvisioner}. It serves the command line, the
 * demo and the tests; the backend's switch management does the same from its own model.
 */
package io.sonde.emulator.provision;
