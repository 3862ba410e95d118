package io.sonde.store.internal;

import io.lettuce.core.ClientOptions;
import io.sonde.store.RedisClients;

import org.springframework.boot.autoconfigure.data.redis.ClientResourcesBuilderCustomizer;
import org.springframework.boot.autoconfigure.data.redis.LettuceClientConfigurationBuilderCustomizer;
import org.springframework.boot.autoconfigure.data.redis.RedisProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.redis.connection.RedisConnectionFactory;

/**
 * Redis as the bus: Spring Boot's Lettuce setup, told to fail fast while Redis is away.
 */
@Configuration(proxyBeanMethods = false)
class RedisConfiguration {

	/**
	 * Lettuce buffers commands while it reconnects and fails them only at the command
	 * time-out; rejecting them at once lets callers (and health) see the outage
	 * immediately. Lettuce keeps reconnecting in the background either way.
	 */
	@Bean
	LettuceClientConfigurationBuilderCustomizer rejectCommandsWhileDisconnected() {
		return (builder) -> builder.clientOptions(ClientOptions.builder()
			.autoReconnect(true)
			.disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS)
			.build());
	}

	/**
	 * Lettuce's default reconnect back-off grows to 30 s, so a Redis back after a restart
	 * could wait that long for Sonde; {@link RedisClients#RECONNECT} keeps recovery
	 * within seconds, as for the other clients of the backend.
	 */
	@Bean
	ClientResourcesBuilderCustomizer reconnectWithinASecond() {
		return (builder) -> builder.reconnectDelay(RedisClients.RECONNECT);
	}

	@Bean
	RedisHealthIndicator redisHealthIndicator(RedisConnectionFactory connections, RedisProperties properties) {
		return new RedisHealthIndicator(connections, properties);
	}

}
