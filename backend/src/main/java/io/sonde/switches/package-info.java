/**
 * P4 switches over P4Runtime. Public face: {@link io.sonde.switches.SwitchManagement}.
 * Every switch Sonde knows has one connection, one state machine, whose state says
 * whether the switch answers: a registered switch (the registry is desired state in
 * Redis) is managed (arbitration, pipeline push, desired-state entities and
 * reconciliation, packet I/O); a switch of the imported topology that nobody registered
 * is observed (no election id, no writes). Each change is announced by
 * {@link io.sonde.switches.SwitchStateChanged}. The topology itself belongs to the
 * topology module.
 */
@org.springframework.modulith.ApplicationModule(displayName = "Switches")
package io.sonde.switches;
