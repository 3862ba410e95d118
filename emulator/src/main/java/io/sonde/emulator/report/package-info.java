/**
 * Telemetry reports leaving the emulator: the report payload in TR-2.0 (as sonde.p4
 * builds it), TR-1.0 or TR-0.5 ({@link io.sonde.emulator.report.ReportEncoder}, with the
 * p4-programs codecs), and the sinks a switch hands report frames to: a real UDP datagram
 * to a collector ({@link io.sonde.emulator.report.UdpReportSender}, default
 * 127.0.0.1:32766) or memory ({@link io.sonde.emulator.report.InMemoryReportSink}).
 */
package io.sonde.emulator.report;
