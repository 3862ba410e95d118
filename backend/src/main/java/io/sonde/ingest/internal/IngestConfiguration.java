package io.sonde.ingest.internal;

import java.time.Clock;

import io.lettuce.core.RedisClient;
import io.sonde.core.ReplicaName;
import io.sonde.events.EventLog;
import io.sonde.store.RedisClients;

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
		return new IngestRedis(RedisClients.closingOnDisconnect(redis));
	}

	@Bean
	@ConditionalOnProperty(name = "sonde.ingest.enabled", havingValue = "true", matchIfMissing = true)
	EventStreamIngest eventStreamIngest(IngestRedis ingestRedis, EventLog eventLog, IngestProperties properties,
			IngestCounters ingestStatistics, Clock clock) {
		return new EventStreamIngest(ingestRedis.client(), eventLog, properties, ingestStatistics,
				consumerName(properties), clock);
	}

	@Bean
	@ConditionalOnProperty(name = "sonde.ingest.enabled", havingValue = "true", matchIfMissing = true)
	IngestHealthIndicator ingestHealthIndicator(EventStreamIngest eventStreamIngest, IngestProperties properties,
			Clock clock) {
		return new IngestHealthIndicator(eventStreamIngest, properties, clock);
	}

	/** The configured name, else host and pid: unique per replica, stable per process. */
	static String consumerName(IngestProperties properties) {
		if (!properties.consumer().isBlank()) {
			return properties.consumer();
		}
		return ReplicaName.ofThisProcess();
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
