/**
 * INT-label adaptive labeling (paper 004): labeling intervals, per-port state and aging,
 * coverage. The module is declared and holds no code yet.
 */
@org.springframework.modulith.ApplicationModule(displayName = "Labeling")
package io.sonde.labeling;
