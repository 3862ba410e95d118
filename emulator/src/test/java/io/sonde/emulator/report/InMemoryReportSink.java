package io.sonde.emulator.report;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

import io.sonde.emulator.net.SwitchNode;

/**
 * Keeps the last {@code capacity} reports in memory, oldest dropped first, for tests that
 * read reports without a socket. As a network's report sink it copies each frame, since
 * the switch reuses its buffer.
 */
public final class InMemoryReportSink implements ReportSink, io.sonde.emulator.net.ReportSink {

	private final int capacity;

	private final ArrayDeque<ReportFrame> reports;

	private long accepted;

	public InMemoryReportSink(int capacity) {
		if (capacity <= 0) {
			throw new IllegalArgumentException("capacity must be positive: " + capacity);
		}
		this.capacity = capacity;
		this.reports = new ArrayDeque<>(Math.min(capacity, 1024));
	}

	@Override
	public synchronized void accept(ReportFrame report) {
		if (this.reports.size() == this.capacity) {
			this.reports.removeFirst();
		}
		this.reports.addLast(report);
		this.accepted++;
	}

	/**
	 * Keeps a copy of a report a switch of the network emitted.
	 * @throws IllegalArgumentException when the frame is not Ethernet/IPv4/UDP
	 */
	@Override
	public void report(SwitchNode node, long timestampNanos, byte[] frame, int offset, int length) {
		accept(ReportFrame.copyOf(frame, offset, length));
	}

	/** The reports kept, oldest first. */
	public synchronized List<ReportFrame> reports() {
		return new ArrayList<>(this.reports);
	}

	/** Every report ever accepted, kept or not. */
	public synchronized long accepted() {
		return this.accepted;
	}

	public synchronized void clear() {
		this.reports.clear();
	}

}
