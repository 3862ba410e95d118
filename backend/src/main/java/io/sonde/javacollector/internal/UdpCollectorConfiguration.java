package io.sonde.javacollector.internal;

import java.time.Clock;

import io.sonde.core.LoopHealth;
import io.sonde.javacollector.IntCollectorDetector;

import org.springframework.boot.actuate.health.Health;
import org.springframework.boot.actuate.health.HealthIndicator;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.listener.RedisMessageListenerContainer;

/** The Java collector, only when {@code sonde.ingest.udp.enabled} is true. */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(name = "sonde.ingest.udp.enabled", havingValue = "true")
public class UdpCollectorConfiguration {

	@Bean
	IntCollectorDetector udpCollectorDetector() {
		return new IntCollectorDetector(IntCollectorDetector.DEFAULT_REPORT_PORT);
	}

	@Bean
	ThresholdListener udpCollectorThresholds(IntCollectorDetector udpCollectorDetector, StringRedisTemplate redis,
			UdpCollectorProperties properties, Clock clock) {
		return new ThresholdListener(udpCollectorDetector, redis, properties.thresholdChannel(), clock);
	}

	@Bean
	StreamPublisher udpCollectorPublisher(StringRedisTemplate redis, UdpCollectorProperties properties,
			ThresholdListener udpCollectorThresholds, Clock clock) {
		return new StreamPublisher(redis, properties, udpCollectorThresholds::applyHash, clock);
	}

	@Bean
	UdpCollector udpCollector(UdpCollectorProperties properties, IntCollectorDetector udpCollectorDetector,
			StreamPublisher udpCollectorPublisher, ThresholdListener udpCollectorThresholds, Clock clock) {
		return new UdpCollector(properties, udpCollectorDetector, udpCollectorPublisher, udpCollectorThresholds, clock);
	}

	@Bean(destroyMethod = "destroy")
	RedisMessageListenerContainer udpCollectorSubscriptions(RedisConnectionFactory connections) {
		RedisMessageListenerContainer container = new RedisMessageListenerContainer();
		container.setConnectionFactory(connections);
		return container;
	}

	@Bean
	UdpCollectorRunner udpCollectorRunner(UdpCollector udpCollector, StreamPublisher udpCollectorPublisher,
			ThresholdListener udpCollectorThresholds, RedisMessageListenerContainer udpCollectorSubscriptions,
			StringRedisTemplate redis, UdpCollectorProperties properties, Clock clock) {
		return new UdpCollectorRunner(udpCollector, udpCollectorPublisher, udpCollectorThresholds,
				udpCollectorSubscriptions, redis, properties, clock);
	}

	/**
	 * Health component {@code udpCollector}: DOWN while its counters cannot be written to
	 * Redis, or the thresholds hash could not be read again after a resubscription.
	 */
	@Bean
	HealthIndicator udpCollectorHealthIndicator(UdpCollectorRunner udpCollectorRunner,
			ThresholdListener udpCollectorThresholds) {
		return () -> {
			LoopHealth counters = udpCollectorRunner.counterWrites();
			LoopHealth thresholds = udpCollectorThresholds.hashReads();
			Health.Builder builder = counters.failing() ? counters.health() : thresholds.health();
			return builder.withDetail("thresholdSubscriptions", udpCollectorThresholds.subscriptions())
				.withDetail("countersWritten", String.valueOf(counters.lastSuccess()))
				.build();
		};
	}

}
