/**
 * Alert rules over events and metrics, delivered as signed, retried webhooks. The module
 * is declared and holds no code yet.
 */
@org.springframework.modulith.ApplicationModule(displayName = "Alerts")
package io.sonde.alerts;
