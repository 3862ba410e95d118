package io.sonde.store.internal.continuity;

import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Clock;

import com.fasterxml.jackson.databind.ObjectMapper;
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
				migrations, events, clock, properties.epochCheck(), replicaName());
	}

	@Bean
	RedisDataHealthIndicator redisDataHealthIndicator(EpochWatch redisEpochWatch) {
		return new RedisDataHealthIndicator(redisEpochWatch);
	}

	/** Host and pid: which replica noticed a loss. */
	private static String replicaName() {
		String host;
		try {
			host = InetAddress.getLocalHost().getHostName();
		}
		catch (UnknownHostException ex) {
			host = "unknown-host";
		}
		return host + "-" + ManagementFactory.getRuntimeMXBean().getPid();
	}

}
