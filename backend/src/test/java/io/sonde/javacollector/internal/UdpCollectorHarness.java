package io.sonde.javacollector.internal;

import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.sonde.javacollector.IntCollectorDetector;
import io.sonde.p4programs.capture.LinkType;
import io.sonde.p4programs.packet.DissectedFrame;
import io.sonde.p4programs.packet.FrameDissector;
import io.sonde.p4programs.packet.MalformedFrame;
import io.sonde.testsupport.RedisServerProcess;

import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.connection.stream.MapRecord;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.listener.RedisMessageListenerContainer;
import org.springframework.util.unit.DataSize;

/**
 * A Java collector wired as its configuration wires it, on a free port, against a Redis
 * of its own: what the collector tests send datagrams to and read Redis from.
 */
final class UdpCollectorHarness implements AutoCloseable {

	static final String NODE = "test-node";

	final RedisServerProcess server;

	final LettuceConnectionFactory connections;

	final StringRedisTemplate redis;

	final UdpCollectorProperties properties;

	final IntCollectorDetector detector;

	final ThresholdListener thresholds;

	final StreamPublisher publisher;

	final UdpCollector collector;

	final RedisMessageListenerContainer subscriptions;

	final UdpCollectorRunner runner;

	private final DatagramSocket sender;

	/**
	 * @param server the Redis to publish to, this harness's from now on (closed with it)
	 * @param publishedLog the collector's published log, or null for none
	 */
	UdpCollectorHarness(Clock clock, RedisServerProcess server, Path publishedLog) throws IOException {
		this.server = server;
		this.connections = new LettuceConnectionFactory(
				new RedisStandaloneConfiguration("127.0.0.1", this.server.port()));
		this.connections.afterPropertiesSet();
		this.connections.start();
		this.redis = new StringRedisTemplate(this.connections);
		this.properties = new UdpCollectorProperties(true, "127.0.0.1", 0, NODE, "sonde:stream:events", 1_000_000,
				100_000, Duration.ofMillis(100), "sonde:collector:thresholds", Duration.ofSeconds(5),
				DataSize.ofMegabytes(64), (publishedLog != null) ? publishedLog.toString() : "");
		this.detector = new IntCollectorDetector(IntCollectorDetector.DEFAULT_REPORT_PORT);
		this.thresholds = new ThresholdListener(this.detector, this.redis, this.properties.thresholdChannel(), clock);
		this.publisher = new StreamPublisher(this.redis, this.properties, this.thresholds::applyHash, clock);
		this.collector = new UdpCollector(this.properties, this.detector, this.publisher, this.thresholds, clock);
		this.subscriptions = new RedisMessageListenerContainer();
		this.subscriptions.setConnectionFactory(this.connections);
		this.subscriptions.afterPropertiesSet();
		this.subscriptions.start();
		this.runner = new UdpCollectorRunner(this.collector, this.publisher, this.thresholds, this.subscriptions,
				this.redis, this.properties, clock);
		this.sender = new DatagramSocket();
	}

	UdpCollectorHarness(Clock clock) throws IOException {
		this(clock, RedisServerProcess.start(), null);
	}

	UdpCollectorHarness() throws IOException {
		this(Clock.systemUTC());
	}

	void start() {
		this.runner.start();
	}

	/** Sends one UDP payload and waits until the collector has taken it. */
	void send(byte[] payload) throws IOException {
		long before = this.collector.packets();
		this.sender.send(new DatagramPacket(payload, payload.length, InetAddress.getLoopbackAddress(),
				this.collector.localPort()));
		awaitTrue(() -> this.collector.packets() > before, "the collector to take datagram " + (before + 1));
	}

	/** Sends the UDP payload of a captured report frame. */
	void sendFrame(byte[] frame) throws IOException {
		send(payloadOf(frame));
	}

	static byte[] payloadOf(byte[] frame) {
		try {
			DissectedFrame packet = FrameDissector.dissect(LinkType.ETHERNET, frame, 0, frame.length);
			return Arrays.copyOfRange(frame, packet.payloadOffset(), packet.payloadOffset() + packet.payloadLength());
		}
		catch (MalformedFrame ex) {
			throw new IllegalArgumentException("not a report frame", ex);
		}
	}

	/** A copy of a UDP frame sent to another port (the dissector reads no checksum). */
	static byte[] withDstPort(byte[] frame, int port) {
		try {
			int udp = FrameDissector.dissect(LinkType.ETHERNET, frame, 0, frame.length).l4Offset();
			byte[] copy = frame.clone();
			copy[udp + 2] = (byte) (port >>> 8);
			copy[udp + 3] = (byte) port;
			return copy;
		}
		catch (MalformedFrame ex) {
			throw new IllegalArgumentException("not a report frame", ex);
		}
	}

	/** The stream's entries as the collector wrote them. */
	List<MapRecord<String, Object, Object>> entries() {
		return this.redis.opsForStream()
			.range(this.properties.eventsStream(), org.springframework.data.domain.Range.unbounded());
	}

	/**
	 * Every event in the stream, in order: each line of a version-2 entry as its fields,
	 * with the entry's origin fields.
	 */
	List<Map<String, String>> events() {
		return eventsIn(this.redis, this.properties.eventsStream());
	}

	/** Every event of a version-2 stream, in order, with its entry's origin fields. */
	static List<Map<String, String>> eventsIn(StringRedisTemplate redis, String stream) {
		List<Map<String, String>> events = new ArrayList<>();
		for (MapRecord<String, Object, Object> entry : redis.opsForStream()
			.range(stream, org.springframework.data.domain.Range.unbounded())) {
			Map<Object, Object> fields = entry.getValue();
			for (String line : ((String) fields.get("events")).split("\n")) {
				Map<String, String> event = new LinkedHashMap<>();
				for (String name : EventFields.ORIGIN) {
					event.put(name, (String) fields.get(name));
				}
				for (String pair : line.split(" ")) {
					int equals = pair.indexOf('=');
					event.put(pair.substring(0, equals), pair.substring(equals + 1));
				}
				events.add(event);
			}
		}
		return events;
	}

	/** Events in the stream: the sum of its entries' counts. */
	long streamLength() {
		return entries().stream().mapToLong((entry) -> Long.parseLong((String) entry.getValue().get("count"))).sum();
	}

	/** The counters hash, written now. */
	Map<Object, Object> counters() {
		this.runner.writeCounters();
		return this.redis.opsForHash().entries(this.properties.countersKey());
	}

	static void awaitTrue(java.util.function.BooleanSupplier condition, String what) {
		Instant deadline = Instant.now().plusSeconds(20);
		while (!condition.getAsBoolean()) {
			if (Instant.now().isAfter(deadline)) {
				throw new AssertionError("timed out waiting for " + what);
			}
			try {
				Thread.sleep(5);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				throw new AssertionError("interrupted waiting for " + what);
			}
		}
	}

	@Override
	public void close() {
		this.sender.close();
		this.runner.stop();
		this.subscriptions.stop();
		this.connections.destroy();
		this.server.close();
	}

}
