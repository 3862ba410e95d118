/**
 * Alert rules over events and live values: rules kept versioned in Redis, an engine that
 * counts events per series in a window and reads every
 * {@link io.sonde.alerts.LiveValueSource} on a tick, and
 * {@link io.sonde.alerts.AlertNotification}s published when an alert fires, repeats and
 * resolves. Delivery is the webhooks module's job.
 */
@org.springframework.modulith.ApplicationModule(displayName = "Alerts")
package io.sonde.alerts;
