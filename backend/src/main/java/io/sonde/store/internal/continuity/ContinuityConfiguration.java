package io.sonde.store.internal.continuity;

import java.time.Clock;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.sonde.core.ReplicaName;
import io.sonde.store.RedisStateOfRecord;
import io.sonde.store.internal.MigrationProperties;
import io.sonde.store.internal.migration.SchemaMigrations;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.redis.core.StringRedisTemplate;

/** The epoch watch over Redis and its health component. */
@Configuration(proxyBeanMethods = false)
class ContinuityConfiguration {

	@Bean
	EpochWatch redisEpochWatch(StringRedisTemplate redis, ObjectProvider<RedisStateOfRecord> stateOfRecord,
			ObjectMapper json, SchemaMigrations migrations, ApplicationEventPublisher events, Clock clock,
			MigrationProperties properties) {
		return new EpochWatch(new EpochStore(redis, stateOfRecord.orderedStream().toList()), new ContinuityCodec(json),
				migrations, events, clock, properties.epochCheck(), ReplicaName.ofThisProcess());
	}

	@Bean
	RedisDataHealthIndicator redisDataHealthIndicator(EpochWatch redisEpochWatch) {
		return new RedisDataHealthIndicator(redisEpochWatch);
	}

}
