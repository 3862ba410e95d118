/**
 * Telemetry from the collectors (the XDP collector, or the Java collector) over Redis
 * Streams into the backend, through a consumer group;
 * {@link io.sonde.ingest.CollectorMetric} and {@link io.sonde.ingest.CollectorEventKind}
 * name what the stream's entries carry.
 */
@org.springframework.modulith.ApplicationModule(displayName = "Ingest")
package io.sonde.ingest;
