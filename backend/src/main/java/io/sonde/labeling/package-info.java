/**
 * INT-label adaptive labeling (paper 004): labeling intervals, per-port state and aging,
 * coverage. Faces: the records and events of this package,
 * {@link io.sonde.labeling.LabelingStates} and
 * {@link io.sonde.labeling.LabelingCoverage}.
 */
@org.springframework.modulith.ApplicationModule(displayName = "Labeling")
package io.sonde.labeling;
