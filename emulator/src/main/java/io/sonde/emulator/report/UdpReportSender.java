package io.sonde.emulator.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.System.Logger.Level;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;

import io.sonde.emulator.net.SwitchNode;

/**
 * Sends each report's UDP payload as a real datagram to one collector (TR-2.0 §3.1: the
 * collector's address and port are configured; 127.0.0.1:32766 by default, the port ONOS
 * and fabric-tna tests use). The datagram's own IP and UDP headers are the host's; the
 * switch-built outer headers stay in the frame for captures. A datagram the host refuses
 * is counted and logged, never thrown into the data plane. It serves as a network's
 * report sink too ({@link io.sonde.emulator.net.ReportSink}), for every switch at once.
 */
public final class UdpReportSender implements ReportSink, io.sonde.emulator.net.ReportSink {

	/** The collector a sender without configuration sends to. */
	public static final InetSocketAddress DEFAULT_COLLECTOR = new InetSocketAddress("127.0.0.1", 32766);

	private static final System.Logger LOG = System.getLogger(UdpReportSender.class.getName());

	private final InetSocketAddress collector;

	private final DatagramChannel channel;

	private final AtomicLong sent = new AtomicLong();

	private final AtomicLong failed = new AtomicLong();

	private final AtomicLong malformed = new AtomicLong();

	private UdpReportSender(InetSocketAddress collector, DatagramChannel channel) {
		this.collector = collector;
		this.channel = channel;
	}

	/**
	 * A sender to {@code collector}, from an ephemeral port of the local address that
	 * reaches it.
	 * @throws UncheckedIOException when no UDP socket can be opened
	 * @throws IllegalArgumentException when the collector's address is unresolved
	 */
	public static UdpReportSender open(InetSocketAddress collector) {
		Objects.requireNonNull(collector, "collector");
		if (collector.isUnresolved()) {
			throw new IllegalArgumentException("collector address " + collector + " is not resolved");
		}
		try {
			DatagramChannel channel = DatagramChannel.open();
			try {
				channel.bind(null);
			}
			catch (IOException ex) {
				channel.close();
				throw ex;
			}
			return new UdpReportSender(collector, channel);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot open a UDP socket to send reports to " + collector, ex);
		}
	}

	/** A sender to {@link #DEFAULT_COLLECTOR}. */
	public static UdpReportSender openDefault() {
		return open(DEFAULT_COLLECTOR);
	}

	@Override
	public void accept(ReportFrame report) {
		send(ByteBuffer.wrap(report.frame(), report.payloadOffset(), report.payloadLength()));
	}

	/** Sends the UDP payload of a report frame a switch of the network emitted. */
	@Override
	public void report(SwitchNode node, long timestampNanos, byte[] frame, int offset, int length) {
		int payload = ReportFrame.udpPayloadOffset(frame, offset, length);
		if (payload < 0) {
			if (this.malformed.getAndIncrement() == 0) {
				LOG.log(Level.WARNING, "switch " + node.name() + " emitted a report that is not Ethernet/IPv4/UDP"
						+ " (counted from now on, logged once)");
			}
			return;
		}
		send(ByteBuffer.wrap(frame, payload, offset + length - payload));
	}

	private void send(ByteBuffer payload) {
		try {
			this.channel.send(payload, this.collector);
			this.sent.incrementAndGet();
		}
		catch (IOException ex) {
			// UDP to a collector that is down is a lost report, as on a real network.
			if (this.failed.getAndIncrement() == 0) {
				LOG.log(Level.WARNING, "cannot send telemetry reports to " + this.collector
						+ " (counted from now on, logged once): " + ex);
			}
		}
	}

	/** The collector reports go to. */
	public InetSocketAddress collector() {
		return this.collector;
	}

	/** The local address datagrams leave from. */
	public InetSocketAddress localAddress() {
		try {
			return (InetSocketAddress) this.channel.getLocalAddress();
		}
		catch (IOException ex) {
			throw new UncheckedIOException("the report socket is closed", ex);
		}
	}

	/** Datagrams handed to the host. */
	public long sent() {
		return this.sent.get();
	}

	/** Datagrams the host refused. */
	public long failed() {
		return this.failed.get();
	}

	/** Frames a switch handed over that were not Ethernet/IPv4/UDP. */
	public long malformed() {
		return this.malformed.get();
	}

	@Override
	public void close() {
		try {
			this.channel.close();
		}
		catch (IOException ex) {
			LOG.log(Level.WARNING, "closing the report socket to " + this.collector + " failed: " + ex);
		}
	}

}
