package io.sonde.intconfig.internal;

import java.time.Clock;

import com.fasterxml.jackson.databind.ObjectMapper;
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
		return new StoredIntConfiguration(new RedisIntConfigStore(redis, json), topology, switches, events, clock);
	}

}
