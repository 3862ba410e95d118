/**
 * INT-label adaptive labeling (paper 004): labeling intervals, per-port state and aging,
 * coverage. Facade: LabelingControl (INT-label issue).
 */
@org.springframework.modulith.ApplicationModule(displayName = "Labeling")
package io.sonde.labeling;
