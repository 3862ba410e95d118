package io.sonde.emulator.run;

import io.sonde.emulator.net.ReportSink;
import io.sonde.emulator.net.SwitchNode;
import io.sonde.emulator.report.UdpReportSender;

/**
 * Where every switch's telemetry reports go: a real UDP datagram to the collector (the
 * report's UDP payload, {@link UdpReportSender}), the report frame as the switch built it
 * into the report capture, and a count for the status line. Runs on the scheduler's
 * thread.
 */
final class ReportStream implements ReportSink, AutoCloseable {

	private final UdpReportSender collector;

	private final PcapCapture capture;

	private long reports;

	/**
	 * @param collector the UDP sender, or null to send nothing
	 * @param capture the report capture, or null for none
	 */
	ReportStream(UdpReportSender collector, PcapCapture capture) {
		this.collector = collector;
		this.capture = capture;
	}

	@Override
	public void report(SwitchNode node, long timestampNanos, byte[] frame, int offset, int length) {
		this.reports++;
		if (this.collector != null) {
			this.collector.report(node, timestampNanos, frame, offset, length);
		}
		if (this.capture != null) {
			this.capture.write(timestampNanos, frame, offset, length);
		}
	}

	/** Reports the switches emitted (scheduler's thread). */
	long reports() {
		return this.reports;
	}

	/** Datagrams the host accepted for the collector; 0 without a collector. */
	long sentToCollector() {
		return (this.collector != null) ? this.collector.sent() : 0;
	}

	@Override
	public void close() {
		if (this.collector != null) {
			this.collector.close();
		}
		if (this.capture != null) {
			this.capture.close();
		}
	}

}
