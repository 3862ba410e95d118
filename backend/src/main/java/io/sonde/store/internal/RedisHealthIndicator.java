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
 * time-out. A Redis loading its data set is DOWN too: it answers INFO (Spring Boot's
 * check) but refuses every read and write with LOADING until it is done.
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
			Properties persistence = connection.serverCommands().info("persistence");
			String version = (info != null) ? info.getProperty("redis_version", "unknown") : "unknown";
			if (persistence != null && "1".equals(persistence.getProperty("loading"))) {
				builder.down()
					.withDetail("location", this.location)
					.withDetail("version", version)
					.withDetail("error",
							"Redis at " + this.location + " is loading its data set ("
									+ persistence.getProperty("loading_loaded_perc", "?") + "% done, about "
									+ persistence.getProperty("loading_eta_seconds", "?")
									+ " s left) and refuses reads and writes until then");
				return;
			}
			builder.up().withDetail("location", this.location).withDetail("version", version);
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
