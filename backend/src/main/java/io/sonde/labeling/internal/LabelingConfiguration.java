package io.sonde.labeling.internal;

import java.time.Clock;
import java.util.List;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.sonde.events.EventLog;
import io.sonde.intconfig.IntConfiguration;
import io.sonde.store.RedisStateOfRecord;
import io.sonde.switches.SwitchManagement;
import io.sonde.topology.TopologyCatalog;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.data.redis.RedisProperties;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.redis.core.StringRedisTemplate;

/** The labeling module's beans. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(LabelingProperties.class)
class LabelingConfiguration {

	@Bean
	NetworkFacts labelingNetworkFacts(TopologyCatalog topology, ObjectProvider<SwitchManagement> switches,
			ObjectProvider<IntConfiguration> intConfiguration, Clock clock) {
		return new NetworkFacts(topology, switches, intConfiguration, clock);
	}

	@Bean
	StoredLabelingControl storedLabelingControl(StringRedisTemplate redis, ObjectMapper json, NetworkFacts network,
			ApplicationEventPublisher events, Clock clock) {
		return new StoredLabelingControl(new RedisLabelingStore(redis, json), network, events, clock);
	}

	@Bean
	LabelStateStore labelStateStore(StringRedisTemplate redis) {
		return new LabelStateStore(redis);
	}

	@Bean
	ResultCollection labelingResultCollection(LabelStateStore store, NetworkFacts network,
			StoredLabelingControl control, ApplicationEventPublisher events, Clock clock, ObjectMapper json,
			LabelingProperties properties) {
		return new ResultCollection(store, network, control, events, clock, json, properties.batchExports(),
				properties.queueCapacity(), properties.workers());
	}

	@Bean
	AdaptiveLoop labelingAdaptiveLoop(LabelStateStore store, StoredLabelingControl control,
			ApplicationEventPublisher events, EventLog eventLog, Clock clock, LabelingProperties properties,
			RedisProperties redis) {
		return new AdaptiveLoop(store, control::inForce, events, eventLog, clock, properties.maxShift(),
				(expired) -> new ExpiryNotifications(redis, expired));
	}

	@Bean
	CollectedStates labelingStates(LabelStateStore store, AdaptiveLoop adaptive, StoredLabelingControl control,
			ObjectMapper json) {
		return new CollectedStates(store, adaptive, control, json);
	}

	@Bean
	LabelingSwitchSettings labelingSwitchSettings(StoredLabelingControl control, NetworkFacts network,
			AdaptiveLoop adaptive) {
		return new LabelingSwitchSettings(control, network, adaptive);
	}

	/** The parameters' versions and the specific flows are state of record. */
	@Bean
	RedisStateOfRecord labelingParametersState() {
		return new RedisStateOfRecord("INT-label parameters and specific flows",
				List.of(RedisLabelingStore.CURRENT, RedisLabelingStore.VERSIONS, RedisLabelingStore.SEQUENCE,
						RedisLabelingStore.FLOWS),
				"apply them again: PUT /api/v1/labeling/parameters and POST /api/v1/labeling/flows "
						+ "(earlier versions are gone)");
	}

}
