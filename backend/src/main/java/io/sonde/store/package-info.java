/**
 * The stores every other module builds on: the time-series store (QuestDB embedded by
 * default, InfluxDB 2.x by configuration) and Redis, their versioned schema
 * (db-migrations/) and their health. Other modules use
 * {@link io.sonde.store.TimeSeriesStore} (and, for the event log's ingest,
 * {@link io.sonde.store.EmbeddedTables} when QuestDB is embedded) and Spring Data Redis;
 * the rest of this package is internal.
 */
@org.springframework.modulith.ApplicationModule(displayName = "Stores")
package io.sonde.store;
