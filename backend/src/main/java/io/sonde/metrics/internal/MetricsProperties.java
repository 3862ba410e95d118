package io.sonde.metrics.internal;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code sonde.metrics.*}: the exporter.
 *
 * @param pushInterval how often every known key's value is pushed (the paper's P); 0 =
 * off
 * @param queueCapacity points waiting for the store at most; past it new points are
 * dropped and counted (back-pressure instead of memory growth)
 * @param batchSize points per write at most: a push's points share one timestamp, and
 * QuestDB merges each further write of a timestamp it holds into the rows already there
 * (deduplication), so a push goes in few large writes
 * @param retries times a failed batch is tried again before its points count as dropped
 * @param retryBackoff the first wait before a retry, doubled each time
 * @param maxKeys metric keys the periodic push keeps at most (memory bound: about 1 kB a
 * key); events of further new keys are still written, their keys not pushed
 * @param eventPoints {@code auto}: an event's value becomes an {@code int_metrics} point
 * only where the history cannot read it from the event log's {@code events} table, which
 * already holds it (InfluxDB); {@code always}: in every store, twice in QuestDB
 */
@ConfigurationProperties("sonde.metrics")
public record MetricsProperties(@DefaultValue("10s") Duration pushInterval, @DefaultValue("100000") int queueCapacity,
		@DefaultValue("10000") int batchSize, @DefaultValue("4") int retries,
		@DefaultValue("200ms") Duration retryBackoff, @DefaultValue("500000") int maxKeys,
		@DefaultValue("auto") EventPoints eventPoints) {

	/** Where the history of event values comes from: see {@link MetricsProperties}. */
	public enum EventPoints {

		AUTO, ALWAYS

	}

}
