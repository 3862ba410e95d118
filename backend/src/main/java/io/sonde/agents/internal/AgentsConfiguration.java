package io.sonde.agents.internal;

import java.time.Clock;
import java.util.List;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.lettuce.core.RedisClient;
import io.sonde.collectorfleet.CollectorThresholds;
import io.sonde.core.ReplicaName;
import io.sonde.events.EventLog;
import io.sonde.store.RedisClients;
import io.sonde.store.RedisStateOfRecord;
import io.sonde.store.TimeSeriesStore;
import io.sonde.store.questdb.TimeSeriesSql;

import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.data.redis.RedisProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.redis.core.StringRedisTemplate;

/** Wires the NIC agents' fleet, ingest, flows and adaptive thresholds. */
@Configuration(proxyBeanMethods = false)
class AgentsConfiguration {

	@Bean
	RedisAgentFleet agentFleet(StringRedisTemplate redis, AgentsProperties properties, Clock clock) {
		return new RedisAgentFleet(redis, properties, clock);
	}

	@Bean
	StoredAgentFlows agentFlows(TimeSeriesStore store, TimeSeriesSql sql) {
		return new StoredAgentFlows(store, sql);
	}

	@Bean
	RedisAgentThresholds agentThresholds(StringRedisTemplate redis, RedisAgentFleet agentFleet, ObjectMapper json,
			Clock clock) {
		return new RedisAgentThresholds(redis, agentFleet, json, clock);
	}

	@Bean
	RedisStateOfRecord agentThresholdsState() {
		return new RedisStateOfRecord("NIC agent thresholds", List.of(AgentsProperties.THRESHOLD_OWNERS),
				"set them again: PUT /api/v1/agents/{agent}/thresholds/{threshold} (agents keep applying the "
						+ "thresholds they last received meanwhile)");
	}

	@Bean
	EventRates agentEventRates(AgentsProperties properties, Clock clock) {
		return new EventRates(properties.adaptInterval(), clock);
	}

	@Bean
	AdaptiveThresholds adaptiveThresholds(RedisAgentFleet agentFleet, RedisAgentThresholds agentThresholds,
			CollectorThresholds collectorThresholds, EventRates agentEventRates, EventLog eventLog,
			AgentsProperties properties, Clock clock) {
		return new AdaptiveThresholds(agentFleet, agentThresholds, collectorThresholds, agentEventRates, eventLog,
				properties, clock);
	}

	@Bean(destroyMethod = "close")
	@ConditionalOnProperty(name = "sonde.agents.ingest", havingValue = "true", matchIfMissing = true)
	AgentsRedis agentsRedis(RedisProperties redis) {
		return new AgentsRedis(RedisClients.closingOnDisconnect(redis));
	}

	@Bean
	@ConditionalOnProperty(name = "sonde.agents.ingest", havingValue = "true", matchIfMissing = true)
	AgentStreamsIngest agentStreamsIngest(AgentsRedis agentsRedis, EventLog eventLog, StoredAgentFlows agentFlows,
			AgentsProperties properties, Clock clock) {
		String name = properties.consumer().isBlank() ? ReplicaName.ofThisProcess() : properties.consumer();
		return new AgentStreamsIngest(agentsRedis.client(), eventLog, agentFlows, properties, name, clock);
	}

	@Bean
	@ConditionalOnProperty(name = "sonde.agents.ingest", havingValue = "true", matchIfMissing = true)
	AgentsHealthIndicator agentsHealthIndicator(AgentStreamsIngest agentStreamsIngest) {
		return new AgentsHealthIndicator(agentStreamsIngest);
	}

	/** The ingest's own Lettuce client: its blocking reads hold a connection each. */
	record AgentsRedis(RedisClient client) implements AutoCloseable {

		@Override
		public void close() {
			this.client.shutdown();
			this.client.getResources().shutdown();
		}

	}

}
