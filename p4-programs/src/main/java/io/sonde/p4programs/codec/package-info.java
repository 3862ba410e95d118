/**
 * Codecs of the INT and telemetry report headers (WIRE_FACTS.md sections A-D cite the
 * spec section of every layout).
 * <ul>
 * <li>{@link io.sonde.p4programs.codec.IntMdCodec}: INT-MD over TCP/UDP in the v0.5, v1.0
 * and v2.1 layouts, hops in path order, unavailable values kept as all ones.</li>
 * <li>{@link io.sonde.p4programs.codec.TelemetryReportCodec}: Telemetry Report v0.5, v1.0
 * and v2.0, each followed by the packet(s) it carries, referenced as ranges of the
 * decoded array.</li>
 * <li>{@link io.sonde.p4programs.codec.GpintProbeCodec}: GPINT probes, feedbacks and
 * recovery notifications.</li>
 * <li>{@link io.sonde.p4programs.codec.LabelCodec}: INT-label packets (the INT OPTION and
 * its items after IPv4), and their restoration.</li>
 * </ul>
 * Decoders take a window {@code (data, offset, length)}, read nothing outside it, and
 * reject anything they cannot decode with
 * {@link io.sonde.p4programs.codec.MalformedTelemetry}. Deviations real switches emit
 * (WIRE_FACTS C.5) are tolerated and decoded as the specification lays the bytes out. One
 * package rather than one per header family: the families share the bounds-checked reader
 * and writer and the bitmap tables, which stay package-private.
 */
package io.sonde.p4programs.codec;
