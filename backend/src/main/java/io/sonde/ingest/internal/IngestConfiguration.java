package io.sonde.ingest.internal;

import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.UnknownHostException;

import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.metrics.CommandLatencyRecorder;
import io.lettuce.core.resource.ClientResources;
import io.sonde.events.EventLog;

import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.data.redis.RedisProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Wires the ingest of the XDP collector's events stream. */
@Configuration(proxyBeanMethods = false)
class IngestConfiguration {

	@Bean
	IngestCounters ingestStatistics() {
		return new IngestCounters();
	}

	@Bean(destroyMethod = "close")
	@ConditionalOnProperty(name = "sonde.ingest.enabled", havingValue = "true", matchIfMissing = true)
	IngestRedis ingestRedis(RedisProperties redis) {
		RedisURI.Builder uri = RedisURI.builder()
			.withHost(redis.getHost())
			.withPort(redis.getPort())
			.withDatabase(redis.getDatabase());
		if (redis.getPassword() != null) {
			if (redis.getUsername() != null) {
				uri.withAuthentication(redis.getUsername(), redis.getPassword());
			}
			else {
				uri.withPassword(redis.getPassword().toCharArray());
			}
		}
		return new IngestRedis(RedisClient.create(ClientResources.builder()
			// Per-command latency histograms cost more than a stream entry at ingest
			// rates.
			.commandLatencyRecorder(CommandLatencyRecorder.disabled())
			.build(), uri.build()));
	}

	@Bean
	@ConditionalOnProperty(name = "sonde.ingest.enabled", havingValue = "true", matchIfMissing = true)
	EventStreamIngest eventStreamIngest(IngestRedis ingestRedis, EventLog eventLog, IngestProperties properties,
			IngestCounters ingestStatistics) {
		return new EventStreamIngest(ingestRedis.client(), eventLog, properties, ingestStatistics,
				consumerName(properties));
	}

	/** The configured name, else host and pid: unique per replica, stable per process. */
	static String consumerName(IngestProperties properties) {
		if (!properties.consumer().isBlank()) {
			return properties.consumer();
		}
		String host;
		try {
			host = InetAddress.getLocalHost().getHostName();
		}
		catch (UnknownHostException ex) {
			host = "unknown-host";
		}
		return host + "-" + ManagementFactory.getRuntimeMXBean().getPid();
	}

	/** The ingest's own Lettuce client: its blocking reads hold a connection each. */
	record IngestRedis(RedisClient client) implements AutoCloseable {

		@Override
		public void close() {
			this.client.shutdown();
			this.client.getResources().shutdown();
		}

	}

}
