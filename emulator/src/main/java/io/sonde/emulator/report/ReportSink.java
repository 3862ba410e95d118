package io.sonde.emulator.report;

/**
 * Where the emulated switches' telemetry reports go: a collector over UDP
 * ({@link UdpReportSender}) or a capture file. Switches call {@link #accept} from their
 * data-plane thread; an implementation must not block for long and must not throw for a
 * report it cannot deliver (it counts it).
 */
public interface ReportSink extends AutoCloseable {

	/** Takes one report; the frame belongs to the sink from now on. */
	void accept(ReportFrame report);

	@Override
	default void close() {
	}

}
