package io.sonde.events.internal;

import io.lettuce.core.RedisClient;
import io.sonde.store.RedisClients;

import org.springframework.boot.autoconfigure.data.redis.RedisProperties;

/**
 * Lettuce connections of their own for the live stream: pipelined XADDs and a blocking
 * tail, which Spring's shared connection is not for. Same server as Spring's.
 */
final class LiveRedis implements AutoCloseable {

	private final RedisClient client;

	LiveRedis(RedisProperties properties) {
		this.client = RedisClients.reconnecting(properties);
	}

	RedisClient client() {
		return this.client;
	}

	@Override
	public void close() {
		this.client.shutdown();
		this.client.getResources().shutdown();
	}

}
