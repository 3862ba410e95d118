/**
 * Webhooks: subscriptions choose alerts (by rule and labels), group them as Alertmanager
 * does, and deliver each notification signed per Standard Webhooks 1.0, retried, logged,
 * dead-lettered after the last attempt, and refused when the destination is one a request
 * forgery would reach. Face: {@link io.sonde.webhooks.Webhooks} and the records of this
 * package.
 */
@org.springframework.modulith.ApplicationModule(displayName = "Webhooks")
package io.sonde.webhooks;
