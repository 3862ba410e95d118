package io.sonde.javacollector.internal;

import java.net.SocketException;
import java.time.Clock;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import io.sonde.core.LoopHealth;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.context.SmartLifecycle;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.listener.ChannelTopic;
import org.springframework.data.redis.listener.RedisMessageListenerContainer;

/**
 * Starts the Java collector with the application and stops it before Redis goes: the
 * socket, the publisher, the thresholds subscription, and the counters hash written every
 * {@code counters-interval} and at stop.
 */
final class UdpCollectorRunner implements SmartLifecycle {

	private static final Logger log = LoggerFactory.getLogger(UdpCollectorRunner.class);

	private final UdpCollector collector;

	private final StreamPublisher publisher;

	private final ThresholdListener thresholds;

	private final RedisMessageListenerContainer subscriptions;

	private final StringRedisTemplate redis;

	private final UdpCollectorProperties properties;

	private ScheduledExecutorService counters;

	private final LoopHealth counterWrites;

	private volatile boolean running;

	UdpCollectorRunner(UdpCollector collector, StreamPublisher publisher, ThresholdListener thresholds,
			RedisMessageListenerContainer subscriptions, StringRedisTemplate redis, UdpCollectorProperties properties,
			Clock clock) {
		this.counterWrites = new LoopHealth("writing the counters hash " + properties.countersKey(), clock);
		this.collector = collector;
		this.publisher = publisher;
		this.thresholds = thresholds;
		this.subscriptions = subscriptions;
		this.redis = redis;
		this.properties = properties;
	}

	@Override
	public void start() {
		this.subscriptions.addMessageListener(this.thresholds, new ChannelTopic(this.properties.thresholdChannel()));
		this.thresholds.applyHash();
		this.publisher.start();
		try {
			this.collector.start();
		}
		catch (SocketException ex) {
			throw new IllegalStateException("udp collector: cannot bind " + this.properties.bindAddress() + ":"
					+ this.properties.port() + ": " + ex.getMessage(), ex);
		}
		this.counters = Executors.newSingleThreadScheduledExecutor((task) -> {
			Thread thread = new Thread(task, "udp-collector-counters");
			thread.setDaemon(true);
			return thread;
		});
		long every = Math.max(50, this.properties.countersInterval().toMillis());
		this.counters.scheduleWithFixedDelay(this::tick, every, every, TimeUnit.MILLISECONDS);
		this.running = true;
	}

	private void tick() {
		writeCounters();
		this.thresholds.reloadIfWanted();
	}

	/**
	 * Overwrites the counters hash in place (whole, so an emptied Redis has it back at
	 * the next tick); a failure waits for the next tick.
	 */
	void writeCounters() {
		try {
			this.redis.opsForHash().putAll(this.properties.countersKey(), this.collector.counters());
			this.counterWrites.succeeded();
		}
		catch (RuntimeException ex) {
			log.debug("udp collector: counters not written: {}", ex.getMessage());
			this.counterWrites.failed(ex);
		}
	}

	LoopHealth counterWrites() {
		return this.counterWrites;
	}

	@Override
	public void stop() {
		this.running = false;
		if (this.counters != null) {
			this.counters.shutdownNow();
		}
		this.subscriptions.removeMessageListener(this.thresholds);
		this.collector.close();
		writeCounters();
	}

	@Override
	public boolean isRunning() {
		return this.running;
	}

}
