/**
 * Exports telemetry to the time-series store through io.sonde.store.TimeSeriesStore.
 */
@org.springframework.modulith.ApplicationModule(displayName = "Metrics")
package io.sonde.metrics;
