/**
 * Telemetry from the XDP collector and NIC agents over Redis Streams (consumer groups),
 * plus the Java UDP collector for hosts without XDP (telemetry-pipeline issue).
 */
@org.springframework.modulith.ApplicationModule(displayName = "Ingest")
package io.sonde.ingest;
