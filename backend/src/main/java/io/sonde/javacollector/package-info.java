/**
 * The Java collector, for hosts without XDP: telemetry reports received on a UDP socket,
 * INTCollector's event detection ({@link io.sonde.javacollector.IntCollectorDetector},
 * the twin of the XDP collector's), and the events appended to the events stream in the
 * XDP daemon's layout. Its face is the detector and the events it emits; the receiver,
 * the publisher and the thresholds listener are internal.
 */
@org.springframework.modulith.ApplicationModule(displayName = "Java collector")
package io.sonde.javacollector;
