/**
 * The stores every other module builds on: the time-series store (QuestDB embedded by
 * default, InfluxDB 2.x by configuration) and Redis, their versioned schema
 * (db-migrations/) and their health. Other modules use
 * {@link io.sonde.store.TimeSeriesStore}, whichever store is configured; what only
 * QuestDB offers (direct table writes, SQL) is the named interface {@code questdb}
 * ({@link io.sonde.store.questdb}), and Spring Data Redis (with
 * {@link io.sonde.store.RedisClients} for clients of their own); they ask
 * {@link io.sonde.store.RedisContinuity} whether Redis still holds Sonde's data, and
 * declare what they keep there as {@link io.sonde.store.RedisStateOfRecord}. The rest of
 * this package is internal.
 */
@org.springframework.modulith.ApplicationModule(displayName = "Stores")
package io.sonde.store;
