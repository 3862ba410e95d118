package io.sonde.store;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.metrics.CommandLatencyRecorder;
import io.lettuce.core.resource.ClientResources;
import io.lettuce.core.resource.Delay;

import org.springframework.boot.autoconfigure.data.redis.RedisProperties;

/**
 * Lettuce clients of their own, for modules whose blocking reads or pipelines Spring's
 * shared connection is not for (the ingest, the live stream), on the server Spring's
 * Redis properties name, set up so their loops heal and see outages at once.
 */
public final class RedisClients {

	/** Reconnect back-off: 100 ms doubling to 1 s (Lettuce's default grows to 30 s). */
	public static final Delay RECONNECT = Delay.exponential(Duration.ofMillis(100), Duration.ofSeconds(1), 2,
			TimeUnit.MILLISECONDS);

	private RedisClients() {
	}

	/**
	 * Connections redial by themselves at least every second; while disconnected,
	 * commands fail at once instead of queueing, so callers (and health) see the outage.
	 * The caller shuts the client and its resources down.
	 */
	public static RedisClient reconnecting(RedisProperties properties) {
		return client(properties, true);
	}

	/**
	 * Connections close for good when Redis goes, failing any command in flight at once
	 * (a blocking read does not wait for a reconnect that may never come): for a loop
	 * that checks {@code isOpen()} and connects again itself.
	 */
	public static RedisClient closingOnDisconnect(RedisProperties properties) {
		return client(properties, false);
	}

	private static RedisClient client(RedisProperties properties, boolean autoReconnect) {
		RedisURI.Builder uri = RedisURI.builder()
			.withHost(properties.getHost())
			.withPort(properties.getPort())
			.withDatabase(properties.getDatabase());
		if (properties.getPassword() != null) {
			if (properties.getUsername() != null) {
				uri.withAuthentication(properties.getUsername(), properties.getPassword());
			}
			else {
				uri.withPassword(properties.getPassword().toCharArray());
			}
		}
		if (properties.getTimeout() != null) {
			uri.withTimeout(properties.getTimeout());
		}
		RedisClient client = RedisClient.create(ClientResources.builder()
			// Per-command latency histograms cost more than a stream entry
			// at ingest rates.
			.commandLatencyRecorder(CommandLatencyRecorder.disabled())
			.reconnectDelay(RECONNECT)
			.build(), uri.build());
		client.setOptions(ClientOptions.builder()
			.autoReconnect(autoReconnect)
			.disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS)
			.build());
		return client;
	}

}
