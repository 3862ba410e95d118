/**
 * Telemetry from the XDP collector over Redis Streams (consumer groups), plus the Java
 * UDP collector for hosts without XDP.
 */
@org.springframework.modulith.ApplicationModule(displayName = "Ingest")
package io.sonde.ingest;
