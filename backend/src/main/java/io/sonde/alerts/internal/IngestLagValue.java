package io.sonde.alerts.internal;

import java.util.List;
import java.util.Map;

import io.sonde.alerts.LiveValue;
import io.sonde.alerts.LiveValueSource;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.actuate.health.Health;
import org.springframework.boot.actuate.health.HealthContributorRegistry;
import org.springframework.boot.actuate.health.HealthIndicator;

/**
 * {@code ingest.lag_ms}: the age of the oldest event-stream entry no consumer has read.
 * The ingest module measures it but publishes it only through its {@code ingest} health
 * component ({@code oldestUnreadMs}), so that is where it is read: the public face that
 * has it. No series while the ingest is off or has not measured yet.
 */
final class IngestLagValue implements LiveValueSource {

	private final ObjectProvider<HealthContributorRegistry> health;

	IngestLagValue(ObjectProvider<HealthContributorRegistry> health) {
		this.health = health;
	}

	@Override
	public String name() {
		return "ingest.lag_ms";
	}

	@Override
	public String description() {
		return "Milliseconds the oldest unread entry of the event stream has waited for the ingest";
	}

	@Override
	public String unit() {
		return "ms";
	}

	@Override
	public List<LiveValue> read() {
		HealthContributorRegistry registry = this.health.getIfAvailable();
		if (registry == null || !(registry.getContributor("ingest") instanceof HealthIndicator ingest)) {
			return List.of();
		}
		Health status = ingest.health();
		if (status.getDetails().get("oldestUnreadMs") instanceof Number lag) {
			return List.of(new LiveValue(Map.of(), lag.doubleValue()));
		}
		return List.of();
	}

}
