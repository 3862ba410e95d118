package io.sonde.emulator.net;

/**
 * Where a switch's telemetry reports go (the integrator sends them as UDP datagrams to
 * the collector and may write them to a pcap). Called on the scheduler's thread; the
 * array is the pipeline's buffer, so a sink that keeps the bytes copies them.
 */
@FunctionalInterface
public interface ReportSink {

	ReportSink DISCARD = (node, timestampNanos, frame, offset, length) -> {
	};

	/**
	 * @param node the switch that produced the report
	 * @param timestampNanos emulated time it was produced
	 * @param frame the report frame (Ethernet/IPv4/UDP/report)
	 * @param offset where it starts in {@code frame}
	 * @param length its length
	 */
	void report(SwitchNode node, long timestampNanos, byte[] frame, int offset, int length);

}
