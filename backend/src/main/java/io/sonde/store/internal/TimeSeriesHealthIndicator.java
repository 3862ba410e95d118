package io.sonde.store.internal;

import org.springframework.boot.actuate.health.AbstractHealthIndicator;
import org.springframework.boot.actuate.health.Health;

/** Health component {@code timeseries}: both the write path and the read path answer. */
class TimeSeriesHealthIndicator extends AbstractHealthIndicator {

	private final TimeSeriesBackend store;

	TimeSeriesHealthIndicator(TimeSeriesBackend store) {
		super("Time-series store health check failed");
		this.store = store;
	}

	@Override
	protected void doHealthCheck(Health.Builder builder) {
		builder.up().withDetails(this.store.check());
	}

}
