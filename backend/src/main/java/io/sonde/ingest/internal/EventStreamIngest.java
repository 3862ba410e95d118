package io.sonde.ingest.internal;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;

import io.lettuce.core.RedisClient;
import io.sonde.core.LoopHealth;
import io.sonde.events.EventLog;
import io.sonde.events.OrderedAppends;

import org.springframework.context.SmartLifecycle;

/**
 * The ingest of {@code sonde:stream:events}: {@code consumers} {@link StreamConsumer}s of
 * the group, each on its own thread. While one waits for Redis or the store, another
 * parses (make bench-ingest runs two). The first is named {@code consumer}, the others
 * {@code consumer-2}, {@code consumer-3}..., so a replica restarted under its name finds
 * its own pending entries again.
 */
class EventStreamIngest implements SmartLifecycle {

	private final List<StreamConsumer> consumers = new ArrayList<>();

	private final IngestLag lag;

	private volatile boolean running;

	EventStreamIngest(RedisClient redis, EventLog eventLog, IngestProperties properties, IngestCounters counters,
			String consumerName, Clock clock) {
		OrderedAppends order = eventLog.ordered();
		this.lag = new IngestLag(properties.stream(), properties.group(), clock);
		for (int i = 1; i <= Math.max(1, properties.consumers()); i++) {
			String name = (i == 1) ? consumerName : consumerName + "-" + i;
			this.consumers.add(new StreamConsumer(redis, eventLog, properties, counters, name, order, this.lag, clock));
		}
	}

	/** Each consumer's last round, for the {@code ingest} health component. */
	List<LoopHealth> consumerHealth() {
		return this.consumers.stream().map(StreamConsumer::health).toList();
	}

	/** The group's last measured lag, null before the first. */
	IngestLag.Measurement lag() {
		return this.lag.last();
	}

	@Override
	public synchronized void start() {
		this.consumers.forEach(StreamConsumer::start);
		this.running = true;
	}

	@Override
	public synchronized void stop() {
		this.running = false;
		this.consumers.forEach(StreamConsumer::stop);
		this.consumers.forEach(StreamConsumer::join);
	}

	@Override
	public boolean isRunning() {
		return this.running;
	}

}
