/**
 * Telemetry reports leaving the emulator: the report payload in TR-2.0 (as sonde.p4
 * builds it), TR-1.0 or TR-0.5 ({@link io.sonde.emulator.report.ReportEncoder}, with the
 * p4-programs codecs), and the sinks report frames go to: a real UDP datagram to a
 * collector ({@link io.sonde.emulator.report.UdpReportSender}, default 127.0.0.1:32766).
 * <p>
 * Two sink interfaces meet here: this package's
 * {@link io.sonde.emulator.report.ReportSink} takes whole
 * {@link io.sonde.emulator.report.ReportFrame}s from a pipeline used on its own, and the
 * network's {@link io.sonde.emulator.net.ReportSink} takes the frames a switch node emits
 * (what {@code SondeSwitch} uses). {@code UdpReportSender} implements both, so either
 * path ends in a socket.
 */
package io.sonde.emulator.report;
