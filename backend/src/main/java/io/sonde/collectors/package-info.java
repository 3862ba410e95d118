/**
 * The collectors as the backend sees them: their thresholds T(m) set for all of them at
 * once, their counters and liveness, and the accounting of what the pipeline kept and
 * lost from the switches to the store (paper Section V-B2).
 */
@org.springframework.modulith.ApplicationModule(displayName = "Collectors")
package io.sonde.collectors;
