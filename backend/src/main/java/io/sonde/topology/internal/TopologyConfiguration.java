package io.sonde.topology.internal;

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

	@Bean
	TopologyFileImport topologyFileImport(StoredTopologyCatalog catalog, TopologyProperties properties) {
		return new TopologyFileImport(catalog, properties.importFile());
	}

}
