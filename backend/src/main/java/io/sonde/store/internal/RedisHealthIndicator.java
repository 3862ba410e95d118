package io.sonde.store.internal;

import java.util.Properties;

import org.springframework.boot.actuate.health.AbstractHealthIndicator;
import org.springframework.boot.actuate.health.Health;
import org.springframework.boot.autoconfigure.data.redis.RedisProperties;
import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.core.RedisConnectionUtils;

/**
 * Health component {@code redis}, replacing Spring Boot's so that DOWN says which Redis
 * and why ("Redis at 127.0.0.1:6379 unreachable: ...") instead of a bare command
 * time-out.
 */
class RedisHealthIndicator extends AbstractHealthIndicator {

	private final RedisConnectionFactory connections;

	private final String location;

	RedisHealthIndicator(RedisConnectionFactory connections, RedisProperties properties) {
		this.connections = connections;
		this.location = properties.getHost() + ":" + properties.getPort();
	}

	@Override
	protected void doHealthCheck(Health.Builder builder) {
		RedisConnection connection = null;
		try {
			connection = RedisConnectionUtils.getConnection(this.connections);
			Properties info = connection.serverCommands().info("server");
			builder.up()
				.withDetail("location", this.location)
				.withDetail("version", (info != null) ? info.getProperty("redis_version", "unknown") : "unknown");
		}
		catch (RuntimeException ex) {
			builder.down()
				.withDetail("location", this.location)
				.withDetail("error", "Redis at " + this.location + " unreachable: " + ex.getMessage());
		}
		finally {
			if (connection != null) {
				RedisConnectionUtils.releaseConnection(connection, this.connections);
			}
		}
	}

}
