/**
 * P4 switches managed over P4Runtime: connection and arbitration, pipeline push,
 * desired-state tables and registers, reconciliation after a reconnect. Facade:
 * SwitchManagement (switch-management issue).
 */
@org.springframework.modulith.ApplicationModule(displayName = "Switches")
package io.sonde.switches;
