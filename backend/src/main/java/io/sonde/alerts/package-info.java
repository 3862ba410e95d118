/**
 * Alert rules over events and metrics, delivered as signed, retried webhooks.
 */
@org.springframework.modulith.ApplicationModule(displayName = "Alerts")
package io.sonde.alerts;
