/**
 * The NIC agents (xdp-collector/agent/, the SmartNIC paper's INT sink in front of a
 * monitoring host) as the backend sees them: their counters and liveness, the ingest of
 * their three streams (events into the event log, flow records and histograms into the
 * time-series store), the flows query, and thresholds that adapt to an event-rate budget
 * ({@link io.sonde.agents.AgentThresholds}), a loop that also drives the collectors'
 * T(m).
 */
@org.springframework.modulith.ApplicationModule(displayName = "NIC agents")
package io.sonde.agents;
