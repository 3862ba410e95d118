package io.sonde.javacollector.internal;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.EnumMap;
import java.util.Map;

import io.sonde.core.LoopHealth;
import io.sonde.ingest.CollectorMetric;
import io.sonde.javacollector.IntCollectorDetector;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.data.redis.connection.Message;
import org.springframework.data.redis.connection.MessageListener;
import org.springframework.data.redis.connection.SubscriptionListener;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * Applies thresholds as the daemon does: the hash of the thresholds wanted now when the
 * collector (re)connects, and each message on the channel of the same name, whole or not
 * at all. Lettuce subscribes again by itself after Redis comes back, and says so through
 * {@link #onChannelSubscribed}: the hash is then read again on the collector's counters
 * tick (messages published while the subscription was down were lost), and retried on
 * each tick until it could be read. An empty hash (Redis emptied) changes nothing: the
 * collector keeps the thresholds it has.
 */
final class ThresholdListener implements MessageListener, SubscriptionListener {

	private static final Logger log = LoggerFactory.getLogger(ThresholdListener.class);

	private final IntCollectorDetector detector;

	private final StringRedisTemplate redis;

	private final String hash;

	private long applied;

	private long rejected;

	private long subscriptions;

	private volatile boolean reloadWanted;

	private final LoopHealth hashReads;

	ThresholdListener(IntCollectorDetector detector, StringRedisTemplate redis, String hash, Clock clock) {
		this.detector = detector;
		this.redis = redis;
		this.hash = hash;
		this.hashReads = new LoopHealth("reading the thresholds hash " + hash, clock);
	}

	@Override
	public void onMessage(Message message, byte[] pattern) {
		apply(new String(message.getBody(), StandardCharsets.UTF_8));
	}

	/**
	 * Called on Lettuce's event loop, where no command may wait for Redis: the hash is
	 * read on the next {@link #reloadIfWanted()}.
	 */
	@Override
	public void onChannelSubscribed(byte[] channel, long count) {
		synchronized (this) {
			this.subscriptions++;
		}
		this.reloadWanted = true;
	}

	/** Reads the hash again after a (re)subscription, or after a read that failed. */
	void reloadIfWanted() {
		if (this.reloadWanted) {
			this.reloadWanted = false;
			applyHash();
		}
	}

	/** Applies one message; a bad one changes nothing and is counted. */
	synchronized boolean apply(String message) {
		Map<CollectorMetric, Long> thresholds;
		try {
			thresholds = ThresholdMessage.parse(message);
		}
		catch (IllegalArgumentException ex) {
			this.rejected++;
			log.warn("udp collector: thresholds message rejected ({}): {}", ex.getMessage(), message);
			return false;
		}
		thresholds.forEach(this.detector::setThreshold);
		this.applied++;
		return true;
	}

	/** Reads the hash and applies it as one message. */
	synchronized void applyHash() {
		Map<Object, Object> entries;
		try {
			entries = this.redis.opsForHash().entries(this.hash);
		}
		catch (RuntimeException ex) {
			log.warn("udp collector: cannot read thresholds hash {}: {}", this.hash, ex.getMessage());
			this.hashReads.failed(ex);
			this.reloadWanted = true;
			return;
		}
		this.hashReads.succeeded();
		if (entries.isEmpty()) {
			return;
		}
		StringBuilder message = new StringBuilder();
		entries.forEach((metric, value) -> message.append(metric).append('=').append(value).append(' '));
		apply(message.toString());
	}

	synchronized long applied() {
		return this.applied;
	}

	synchronized long rejected() {
		return this.rejected;
	}

	/** Subscriptions Redis confirmed: the first, then one per resubscription. */
	synchronized long subscriptions() {
		return this.subscriptions;
	}

	LoopHealth hashReads() {
		return this.hashReads;
	}

	/** T(m) in force, per metric. */
	Map<CollectorMetric, Long> inForce() {
		Map<CollectorMetric, Long> out = new EnumMap<>(CollectorMetric.class);
		for (CollectorMetric metric : CollectorMetric.values()) {
			out.put(metric, this.detector.threshold(metric));
		}
		return out;
	}

}
