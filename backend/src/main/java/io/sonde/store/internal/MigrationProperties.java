package io.sonde.store.internal;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code sonde.migrations.*}: where the versioned schema files are and how often to retry
 * a store that was unreachable when they were due.
 */
@ConfigurationProperties("sonde.migrations")
public record MigrationProperties(@DefaultValue("classpath*:db-migrations") String location,
		@DefaultValue("10s") Duration retryInterval) {
}
