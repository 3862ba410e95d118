package io.sonde.javacollector.internal;

import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetSocketAddress;
import java.net.SocketException;
import java.time.Clock;
import java.time.Instant;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.sonde.javacollector.CollectorEvent;
import io.sonde.javacollector.IntCollectorDetector;
import io.sonde.p4programs.codec.MalformedTelemetry;
import io.sonde.p4programs.codec.ReportFormat;
import io.sonde.p4programs.codec.TelemetryReport;
import io.sonde.p4programs.codec.TelemetryReportCodec;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Java collector: telemetry reports from a UDP socket, INTCollector's event detection
 * ({@link IntCollectorDetector}, the parity-tested twin of the XDP program), each event
 * appended to the events stream as the XDP daemon appends it. A report that does not
 * decode is counted by reason and dropped; sequence gaps per reporting node are counted
 * as lost reports.
 */
public final class UdpCollector implements AutoCloseable {

	private static final Logger log = LoggerFactory.getLogger(UdpCollector.class);

	/**
	 * The largest payload an IPv4 datagram can carry: the XDP collector never sees a
	 * longer report, so neither does this one.
	 */
	static final int MAX_PAYLOAD = 0xFFFF - 20 - 8;

	private final UdpCollectorProperties properties;

	private final IntCollectorDetector detector;

	private final StreamPublisher publisher;

	private final ThresholdListener thresholds;

	private final Clock clock;

	private final long run;

	private final ReportSequenceGaps gaps = new ReportSequenceGaps();

	private final Map<MalformedTelemetry.Reason, Long> drops = new EnumMap<>(MalformedTelemetry.Reason.class);

	private DatagramSocket socket;

	private Thread receiver;

	private long packets;

	private long reports;

	private long events;

	private long oversized;

	private long seq;

	UdpCollector(UdpCollectorProperties properties, IntCollectorDetector detector, StreamPublisher publisher,
			ThresholdListener thresholds, Clock clock) {
		this.properties = properties;
		this.detector = detector;
		this.publisher = publisher;
		this.thresholds = thresholds;
		this.clock = clock;
		this.run = clock.millis();
	}

	/** Binds the socket and starts receiving. */
	synchronized void start() throws SocketException {
		this.socket = new DatagramSocket(new InetSocketAddress(this.properties.bindAddress(), this.properties.port()));
		this.receiver = new Thread(this::receive, "udp-collector");
		this.receiver.setDaemon(true);
		this.receiver.start();
		log.info("udp collector: node {} listening on {}", this.properties.nodeId(),
				this.socket.getLocalSocketAddress());
	}

	/** The port the socket is bound to (the configured one, or the one picked for 0). */
	public synchronized int localPort() {
		return this.socket.getLocalPort();
	}

	/** This run's start, wall-clock ms: the {@code run} field of every entry. */
	public long run() {
		return this.run;
	}

	private void receive() {
		byte[] buffer = new byte[0xFFFF];
		DatagramPacket packet = new DatagramPacket(buffer, buffer.length);
		while (!this.socket.isClosed()) {
			try {
				packet.setLength(buffer.length);
				this.socket.receive(packet);
			}
			catch (IOException ex) {
				if (!this.socket.isClosed()) {
					log.warn("udp collector: receive failed: {}", ex.getMessage());
				}
				continue;
			}
			handle(buffer, packet);
		}
	}

	/**
	 * One datagram, counted once handled: whoever sees the count sees its events offered
	 * to the publisher.
	 */
	private void handle(byte[] buffer, DatagramPacket packet) {
		try {
			decodeAndDetect(buffer, packet);
		}
		finally {
			synchronized (this) {
				this.packets++;
			}
		}
	}

	/** Decode, count, detect, publish. Never throws for bad bytes. */
	private void decodeAndDetect(byte[] buffer, DatagramPacket packet) {
		int length = packet.getLength();
		TelemetryReport report;
		synchronized (this) {
			if (length > MAX_PAYLOAD) {
				this.oversized++;
				return;
			}
			try {
				report = TelemetryReportCodec.decode(buffer, 0, length);
			}
			catch (MalformedTelemetry ex) {
				this.drops.merge(ex.reason(), 1L, Long::sum);
				return;
			}
			catch (IndexOutOfBoundsException ex) {
				this.drops.merge(MalformedTelemetry.Reason.TRUNCATED, 1L, Long::sum);
				return;
			}
			this.reports++;
		}
		if (report.sequence() != null) {
			this.gaps.observe(report.nodeId(), (report.hardwareId() != null) ? report.hardwareId() : 0,
					report.sequence(), (report.format() == ReportFormat.TR2_0) ? 22 : 32);
		}
		Instant now = this.clock.instant();
		long nowNanos = now.getEpochSecond() * 1_000_000_000L + now.getNano();
		// The socket decides what is a report here, as the report port does for the
		// XDP program.
		List<CollectorEvent> detected = this.detector.detectReport(report, buffer, nowNanos);
		for (CollectorEvent event : detected) {
			long number;
			synchronized (this) {
				this.events++;
				number = ++this.seq;
			}
			this.publisher.offer(EventFields.of(event, this.properties.nodeId(), this.run, number, nowNanos));
		}
	}

	/** Datagrams received. */
	public synchronized long packets() {
		return this.packets;
	}

	/** The counters hash, in the daemon's layout plus this collector's own fields. */
	synchronized Map<String, String> counters() {
		CountersHash hash = new CountersHash();
		hash.put("v", 1);
		hash.put("run", this.run);
		hash.put("mode", UdpCollectorProperties.IFNAME);
		hash.put("report_port", (this.socket != null) ? this.socket.getLocalPort() : this.properties.port());
		hash.put("started_ms", this.run);
		hash.put("updated_ms", this.clock.millis());
		hash.put("packets", this.packets);
		hash.put("reports", this.reports);
		hash.put("events", this.events);
		// No ring buffer between detection and the publisher here: nothing lost there.
		hash.put("events_lost", 0);
		hash.put("ring_events", this.events);
		for (MalformedTelemetry.Reason reason : MalformedTelemetry.Reason.values()) {
			hash.put("drop_" + reason.jsonName(), this.drops.getOrDefault(reason, 0L));
		}
		hash.put("drop_oversized", this.oversized);
		hash.put("published", this.publisher.published());
		hash.put("buffered", this.publisher.buffered());
		hash.put("redis_dropped", this.publisher.dropped());
		hash.put("redis_connects", this.publisher.connects());
		hash.put("redis_disconnects", this.publisher.disconnects());
		hash.put("redis_failures", this.publisher.failures());
		hash.put("republished", this.publisher.republished());
		hash.put("republished_entries", this.publisher.republishedEntries());
		hash.put("loss_checks", this.publisher.lossChecks());
		hash.put("retained", this.publisher.window().events());
		hash.put("retained_bytes", this.publisher.window().bytes());
		hash.put("retain_overflow", this.publisher.window().overflow());
		hash.put("thresholds_applied", this.thresholds.applied());
		hash.put("thresholds_rejected", this.thresholds.rejected());
		this.thresholds.inForce().forEach((metric, value) -> hash.put("threshold_" + metric.wireName(), value));
		// M_all of the paper's V-B2: every metric value the reports carried.
		hash.put("metric_values", this.detector.metricValues());
		hash.put("keys", this.detector.keys());
		hash.put("reports_lost", this.gaps.lost());
		hash.put("reports_reordered", this.gaps.reordered());
		hash.put("report_sources", this.gaps.sources());
		this.gaps.lostBySource().forEach((source, lost) -> hash.put("reports_lost_" + source, lost));
		return hash.fields();
	}

	@Override
	public void close() {
		DatagramSocket open;
		synchronized (this) {
			open = this.socket;
		}
		if (open != null) {
			open.close();
		}
		if (this.receiver != null) {
			try {
				this.receiver.join(2000);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		}
		this.publisher.close();
	}

	/** Values as the contract's unsigned decimal strings. */
	private static final class CountersHash {

		private final Map<String, String> fields = new LinkedHashMap<>();

		void put(String name, Object value) {
			// Counters and thresholds are unsigned: T(m) of 2^63 and above is a
			// negative long here.
			this.fields.put(name,
					(value instanceof Long number) ? Long.toUnsignedString(number) : String.valueOf(value));
		}

		Map<String, String> fields() {
			return this.fields;
		}

	}

}
