/**
 * The event store and its live fan-out to the dashboard over SSE.
 */
@org.springframework.modulith.ApplicationModule(displayName = "Events")
package io.sonde.events;
