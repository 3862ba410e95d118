package io.sonde.store.internal;

import io.sonde.store.internal.migration.SchemaMigrations;

import org.springframework.boot.actuate.health.AbstractHealthIndicator;
import org.springframework.boot.actuate.health.Health;

/**
 * Health component {@code schema}: every store has all of db-migrations applied. DOWN
 * names the pending versions and why they are pending.
 */
class SchemaHealthIndicator extends AbstractHealthIndicator {

	private final SchemaMigrations migrations;

	SchemaHealthIndicator(SchemaMigrations migrations) {
		this.migrations = migrations;
	}

	@Override
	protected void doHealthCheck(Health.Builder builder) {
		builder.status(this.migrations.complete() ? "UP" : "DOWN");
		this.migrations.status().forEach((store, status) -> {
			builder.withDetail(store, status);
			if (status.problem() != null) {
				builder.withDetail("reason", store + ": " + status.problem());
			}
		});
	}

}
