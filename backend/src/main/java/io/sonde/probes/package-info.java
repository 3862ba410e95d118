/**
 * GPINT probe telemetry (paper 001): probe planning, sessions, stored copies and data
 * recovery. Facade: ProbeOrchestrator.
 */
@org.springframework.modulith.ApplicationModule(displayName = "Probes")
package io.sonde.probes;
