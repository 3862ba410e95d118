package io.sonde.webhooks.internal;

import java.time.Clock;
import java.time.Duration;
import java.util.List;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.sonde.testsupport.RedisServerProcess;

import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.http.converter.json.Jackson2ObjectMapperBuilder;

/**
 * The webhooks module wired by hand on a redis-server of its own: store, guard, sender,
 * dispatcher, grouper and face, as WebhooksConfiguration wires them.
 */
final class WebhookTestBed implements AutoCloseable {

	final RedisServerProcess server;

	final LettuceConnectionFactory connections;

	final StringRedisTemplate redis;

	// Instants as RFC 3339 text, as the service's Spring Boot mapper writes them.
	final ObjectMapper json = Jackson2ObjectMapperBuilder.json()
		.featuresToDisable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
		.build();

	final WebhooksProperties properties;

	final Clock clock;

	final RedisWebhookStore store;

	final DestinationGuard guard;

	final PayloadWriter payloads;

	DeliveryDispatcher dispatcher;

	NotificationGrouper grouper;

	StoredWebhooks webhooks;

	WebhookTestBed(Clock clock, List<String> allowed, int maxAttempts) {
		this(RedisServerProcess.start(), clock, allowed, maxAttempts);
	}

	WebhookTestBed(RedisServerProcess server, Clock clock, List<String> allowed, int maxAttempts) {
		this.server = server;
		this.clock = clock;
		this.connections = new LettuceConnectionFactory(new RedisStandaloneConfiguration("127.0.0.1", server.port()));
		this.connections.afterPropertiesSet();
		this.connections.start();
		this.redis = new StringRedisTemplate(this.connections);
		this.properties = new WebhooksProperties(allowed, Duration.ofSeconds(2), Duration.ofSeconds(5), maxAttempts,
				Duration.ofMillis(50), Duration.ofMillis(400), Duration.ofSeconds(30), 3, 200, 1000,
				"http://127.0.0.1:8080");
		this.store = new RedisWebhookStore(this.redis, this.json, this.properties.logSize(),
				this.properties.deadLetterSize());
		this.guard = new DestinationGuard(allowed);
		this.payloads = new PayloadWriter(this.json, this.properties.externalUrl());
		startDispatcher();
	}

	/** A dispatcher as a (re)started backend makes it: it picks up what is pending. */
	void startDispatcher() {
		this.dispatcher = new DeliveryDispatcher(this.store, new WebhookSender(this.guard, this.properties, this.clock),
				this.properties, this.clock);
		this.dispatcher.start();
		this.grouper = new NotificationGrouper(this.store, this.dispatcher, this.payloads, this.clock);
		this.webhooks = new StoredWebhooks(this.store, new SubscriptionCheck(this.guard, this.clock), this.dispatcher,
				this.payloads, this.clock);
	}

	void stopDispatcher() {
		this.grouper.shutdown();
		this.dispatcher.stop();
	}

	@Override
	public void close() {
		stopDispatcher();
		this.connections.destroy();
		this.server.stop();
	}

}
