package io.sonde.events.internal;

import java.time.Clock;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.sonde.store.TimeSeriesStore;
import io.sonde.store.questdb.EmbeddedTables;
import io.sonde.store.questdb.TimeSeriesSql;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.actuate.health.HealthIndicator;
import org.springframework.boot.autoconfigure.data.redis.RedisProperties;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Wires the event log and its live stream. */
@Configuration(proxyBeanMethods = false)
class EventsConfiguration {

	@Bean(destroyMethod = "close")
	LiveRedis liveRedis(RedisProperties redis) {
		return new LiveRedis(redis);
	}

	@Bean(destroyMethod = "close")
	StoredEventLog eventLog(TimeSeriesStore store, ObjectProvider<EmbeddedTables> embedded, TimeSeriesSql sql,
			ApplicationEventPublisher publisher, LiveRedis liveRedis, EventsProperties properties) {
		EmbeddedTables tables = embedded.getIfAvailable();
		EventTableWriter rows = (tables != null && properties.directWrites()) ? new DirectEventRows(tables)
				: EventTableWriter.lineProtocol(store);
		return new StoredEventLog(rows, sql, publisher, liveRedis.client(), properties);
	}

	@Bean
	LiveEventStream eventStream(LiveRedis liveRedis, EventsProperties properties, ObjectMapper json, Clock clock) {
		return new LiveEventStream(liveRedis.client(), properties, json, clock);
	}

	/** Health component {@code live}: the tail of the live stream reads. */
	@Bean
	HealthIndicator liveHealthIndicator(LiveEventStream eventStream) {
		return () -> eventStream.tailHealth().health().build();
	}

}
