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
		return new MetricsExporter(writer, properties, clock, !eventValuesFromEventLog(store, properties));
	}

	@Bean
	StoreMetricHistory metricHistory(TimeSeriesStore store, MetricsProperties properties) {
		return new StoreMetricHistory(store, eventValuesFromEventLog(store, properties));
	}

	/**
	 * The events table holds every event's value at its detection time: where the history
	 * can read it there, writing it again as a point would store it twice.
	 */
	private static boolean eventValuesFromEventLog(TimeSeriesStore store, MetricsProperties properties) {
		return properties.eventPoints() == MetricsProperties.EventPoints.AUTO && store.readsAnyColumn();
	}

}
