package io.sonde.store.internal;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code sonde.migrations.*}: where the versioned schema files are, how often to retry a
 * store that was unreachable when they were due, and how often Redis's epoch is checked
 * (a Redis that lost its data gets its layout again at once).
 *
 * @param location where the db-migrations files are
 * @param retryInterval retry pause for a store that was down
 * @param epochCheck how often each backend reads Redis's epoch key
 */
@ConfigurationProperties("sonde.migrations")
public record MigrationProperties(@DefaultValue("classpath*:db-migrations") String location,
		@DefaultValue("10s") Duration retryInterval, @DefaultValue("1s") Duration epochCheck) {
}
