package io.sonde.metrics.internal;

import java.time.Clock;

import io.sonde.store.TimeSeriesStore;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The exporter, its writer and the history reader. */
@Configuration(proxyBeanMethods = false)
class MetricsConfiguration {

	@Bean
	MetricsExporter metricsExporter(TimeSeriesStore store, MetricsProperties properties, Clock clock) {
		PointWriter writer = new PointWriter(store, properties.queueCapacity(), properties.batchSize(),
				properties.retries(), properties.retryBackoff());
		return new MetricsExporter(writer, properties, clock);
	}

	@Bean
	StoreMetricHistory metricHistory(TimeSeriesStore store) {
		return new StoreMetricHistory(store);
	}

}
