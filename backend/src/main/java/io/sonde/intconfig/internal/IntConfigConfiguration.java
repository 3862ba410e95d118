package io.sonde.intconfig.internal;

import java.time.Clock;
import java.util.List;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.sonde.store.RedisStateOfRecord;
import io.sonde.switches.SwitchManagement;
import io.sonde.topology.TopologyCatalog;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.redis.core.StringRedisTemplate;

/** The INT configuration module's beans. */
@Configuration(proxyBeanMethods = false)
class IntConfigConfiguration {

	@Bean
	StoredIntConfiguration storedIntConfiguration(StringRedisTemplate redis, ObjectMapper json,
			TopologyCatalog topology, ObjectProvider<SwitchManagement> switches, ApplicationEventPublisher events,
			Clock clock) {
		return new StoredIntConfiguration(RedisIntConfigStore.versions(redis, json), topology, switches, events, clock);
	}

	/** The versions are state of record: listed after Redis loses its data. */
	@Bean
	RedisStateOfRecord intConfigurationState() {
		return new RedisStateOfRecord("INT configuration",
				List.of(RedisIntConfigStore.CURRENT, RedisIntConfigStore.VERSIONS, RedisIntConfigStore.SEQUENCE),
				"apply it again: PUT /api/v1/int/config with the document (earlier versions are gone)");
	}

}
