package io.sonde.collectorfleet.internal;

import java.time.Clock;
import java.util.List;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.sonde.ingest.IngestStatistics;
import io.sonde.metrics.MetricsExport;
import io.sonde.store.RedisStateOfRecord;
import io.sonde.switches.SwitchManagement;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.redis.core.StringRedisTemplate;

/** Thresholds, counters and accounting. */
@Configuration(proxyBeanMethods = false)
class CollectorsConfiguration {

	@Bean
	RedisCollectorThresholds collectorThresholds(StringRedisTemplate redis, CollectorsProperties properties,
			ObjectMapper json, Clock clock) {
		return new RedisCollectorThresholds(redis, properties, json, clock);
	}

	/** Thresholds are state of record: listed after Redis loses its data. */
	@Bean
	RedisStateOfRecord collectorThresholdsState(CollectorsProperties properties) {
		return new RedisStateOfRecord("collector thresholds",
				List.of(properties.thresholds(), properties.thresholdHistory()),
				"set them again: PUT /api/v1/thresholds (collectors keep applying the last thresholds they received "
						+ "meanwhile)");
	}

	@Bean
	ThresholdDefaultsWriter thresholdDefaultsWriter(RedisCollectorThresholds collectorThresholds,
			CollectorsProperties properties) {
		return new ThresholdDefaultsWriter(collectorThresholds, properties);
	}

	@Bean
	EventsCounter collectorEventsCounter() {
		return new EventsCounter();
	}

	@Bean
	PipelineAccounting collectorAccounting(StringRedisTemplate redis, CollectorsProperties properties, Clock clock,
			EventsCounter collectorEventsCounter, SwitchManagement switches, MetricsExport metrics,
			ObjectProvider<IngestStatistics> ingest) {
		return new PipelineAccounting(new CountersHashes(redis, properties, clock), collectorEventsCounter,
				new SwitchExports(switches), metrics, ingest.getIfAvailable());
	}

}
