package io.sonde.alerts.internal;

import org.springframework.boot.actuate.health.AbstractHealthIndicator;
import org.springframework.boot.actuate.health.Health;

/**
 * Health component {@code alerts}: DOWN while the rules cannot be evaluated (Redis out of
 * reach: no alert fires or resolves), with what is being watched and how many events were
 * not counted because a rule reached its maximum of series.
 */
class AlertsHealthIndicator extends AbstractHealthIndicator {

	private final AlertEngine engine;

	private final EventCounting counting;

	private final AlertsProperties properties;

	AlertsHealthIndicator(AlertEngine engine, EventCounting counting, AlertsProperties properties) {
		this.engine = engine;
		this.counting = counting;
		this.properties = properties;
	}

	@Override
	protected void doHealthCheck(Health.Builder builder) {
		Health health = this.engine.health().health().build();
		builder.status(health.getStatus())
			.withDetails(health.getDetails())
			.withDetail("rules", this.engine.rules().size())
			.withDetail("eventRulesCounting", this.counting.rules())
			.withDetail("firing", this.engine.firing().size())
			.withDetail("eventsNotCounted", this.counting.refused())
			.withDetail("maxSeriesPerRule", this.properties.maxSeriesPerRule());
	}

}
