/**
 * The event store and its live fan-out to the dashboard over SSE (telemetry-pipeline
 * issue).
 */
@org.springframework.modulith.ApplicationModule(displayName = "Events")
package io.sonde.events;
