/**
 * What only QuestDB offers, kept apart from the store-neutral
 * {@link io.sonde.store.TimeSeriesStore}: rows appended straight into a table of the
 * QuestDB running in this JVM ({@link io.sonde.store.questdb.EmbeddedTables}, a bean only
 * when QuestDB is embedded) and SQL ({@link io.sonde.store.questdb.TimeSeriesSql}, which
 * throws {@link io.sonde.store.TimeSeriesUnavailable} on any other store). A module that
 * uses them depends on QuestDB for what it uses them for, and says so.
 */
@org.springframework.modulith.NamedInterface("questdb")
package io.sonde.store.questdb;
