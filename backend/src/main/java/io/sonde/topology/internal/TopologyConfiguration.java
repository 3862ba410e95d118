package io.sonde.topology.internal;

import java.time.Clock;
import java.util.List;

import io.sonde.store.RedisStateOfRecord;
import io.sonde.topology.TopologyCatalog;

import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.redis.core.StringRedisTemplate;

/** The topology module's beans that are not components of their own. */
@Configuration(proxyBeanMethods = false)
class TopologyConfiguration {

	@Bean
	RedisTopologyStore redisTopologyStore(StringRedisTemplate redis) {
		return new RedisTopologyStore(redis);
	}

	/** The topology is state of record: listed after Redis loses its data. */
	@Bean
	RedisStateOfRecord topologyState() {
		return new RedisStateOfRecord("topology", List.of(RedisTopologyStore.KEY),
				"import it again: POST /api/v1/topology, or start with sonde.topology.import-file");
	}

	/**
	 * Link state from the emulator's control channel when one is configured; otherwise
	 * nothing reports and every link counts as up.
	 */
	@Bean
	EmulatorLinkStatus linkStates(TopologyProperties properties, TopologyCatalog catalog,
			ApplicationEventPublisher events, Clock clock) {
		return new EmulatorLinkStatus(properties.linkStatusUrl(), properties.linkStatusInterval(), catalog, events,
				clock);
	}

	@Bean
	TopologyFileImport topologyFileImport(StoredTopologyCatalog catalog, TopologyProperties properties) {
		return new TopologyFileImport(catalog, properties.importFile());
	}

}
