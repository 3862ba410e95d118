package io.sonde.events.internal;

import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.metrics.CommandLatencyRecorder;
import io.lettuce.core.resource.ClientResources;

import org.springframework.boot.autoconfigure.data.redis.RedisProperties;

/**
 * Lettuce connections of their own for the live stream: pipelined XADDs and a blocking
 * tail, which Spring's shared connection is not for. Same server as Spring's.
 */
final class LiveRedis implements AutoCloseable {

	private final RedisClient client;

	LiveRedis(RedisProperties properties) {
		this.client = client(properties);
	}

	RedisClient client() {
		return this.client;
	}

	@Override
	public void close() {
		this.client.shutdown();
		this.client.getResources().shutdown();
	}

	/** A client for the server Spring's Redis properties name. */
	static RedisClient client(RedisProperties properties) {
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
		return RedisClient.create(ClientResources.builder()
			// Per-command latency histograms cost more than a stream entry at ingest
			// rates.
			.commandLatencyRecorder(CommandLatencyRecorder.disabled())
			.build(), uri.build());
	}

}
