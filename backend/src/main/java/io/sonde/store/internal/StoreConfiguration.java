package io.sonde.store.internal;

import java.time.Clock;

import io.sonde.store.TimeSeriesUnavailable;
import io.sonde.store.internal.influxdb.InfluxDbTimeSeriesStore;
import io.sonde.store.internal.migration.SchemaMigrations;
import io.sonde.store.internal.questdb.EmbeddedQuestDb;
import io.sonde.store.internal.questdb.QuestDbEmbeddedTables;
import io.sonde.store.internal.questdb.QuestDbTimeSeriesStore;
import io.sonde.store.internal.questdb.SqlExecutor;
import io.sonde.store.questdb.EmbeddedTables;
import io.sonde.store.questdb.TimeSeriesSql;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnExpression;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * Wires the configured time-series store, the schema migrations and their health checks.
 */
@Configuration(proxyBeanMethods = false)
class StoreConfiguration {

	/**
	 * Started here rather than as a lifecycle phase, so the store below knows its real
	 * ports.
	 */
	@Bean(destroyMethod = "stop")
	@ConditionalOnExpression("'${sonde.timeseries.kind:questdb}'.equalsIgnoreCase('questdb') and ${sonde.timeseries.questdb.embedded:true}")
	EmbeddedQuestDb embeddedQuestDb(TimeSeriesProperties properties) {
		EmbeddedQuestDb questDb = new EmbeddedQuestDb(properties.questdb());
		questDb.start();
		return questDb;
	}

	/** Direct row appends for the event log's ingest, when QuestDB runs in this JVM. */
	@Bean
	@ConditionalOnExpression("'${sonde.timeseries.kind:questdb}'.equalsIgnoreCase('questdb') and ${sonde.timeseries.questdb.embedded:true}")
	EmbeddedTables embeddedTables(EmbeddedQuestDb questDb) {
		return new QuestDbEmbeddedTables(questDb);
	}

	@Bean(destroyMethod = "close")
	TimeSeriesBackend timeSeriesStore(TimeSeriesProperties properties, ObjectProvider<EmbeddedQuestDb> embedded) {
		if (properties.kind() == TimeSeriesProperties.Kind.INFLUXDB2) {
			TimeSeriesProperties.InfluxDb influx = properties.influxdb();
			return new InfluxDbTimeSeriesStore(influx.url(), influx.token(), influx.org(), influx.bucket(),
					properties.writeTimeout());
		}
		TimeSeriesProperties.QuestDb questdb = properties.questdb();
		EmbeddedQuestDb running = embedded.getIfAvailable();
		int httpPort = (running != null) ? running.httpPort() : questdb.httpPort();
		int pgPort = (running != null) ? running.pgPort() : questdb.pgPort();
		return new QuestDbTimeSeriesStore(questdb.host(), httpPort, pgPort, questdb.username(), questdb.password(),
				properties.writeTimeout());
	}

	@Bean
	TimeSeriesSql timeSeriesSql(TimeSeriesBackend store) {
		if (store instanceof SqlExecutor sql) {
			return sql::query;
		}
		return (query, parameters) -> {
			throw new TimeSeriesUnavailable(store.describe(), "SQL queries need QuestDB", null);
		};
	}

	@Bean
	SchemaMigrations schemaMigrations(TimeSeriesBackend store, StringRedisTemplate redis,
			MigrationProperties properties, Clock clock) {
		SqlExecutor questDb = (store instanceof SqlExecutor sql) ? sql : null;
		return SchemaMigrations.forStores(questDb, redis, properties.location(), clock);
	}

	@Bean
	MigrationRunner migrationRunner(SchemaMigrations migrations, MigrationProperties properties) {
		return new MigrationRunner(migrations, properties.retryInterval());
	}

	@Bean
	TimeSeriesHealthIndicator timeseriesHealthIndicator(TimeSeriesBackend store) {
		return new TimeSeriesHealthIndicator(store);
	}

	@Bean
	SchemaHealthIndicator schemaHealthIndicator(SchemaMigrations migrations) {
		return new SchemaHealthIndicator(migrations);
	}

}
