package io.sonde.agents.internal;

import java.util.List;

import io.sonde.core.LoopHealth;

import org.springframework.boot.actuate.health.AbstractHealthIndicator;
import org.springframework.boot.actuate.health.Health;

/**
 * Health component {@code agents}: DOWN while the consumer of one of the agents' streams
 * cannot read, with its error and since when; an agent that stops publishing is the Flows
 * page's and the alerts' matter, not the service's. Reads what the consumers last
 * measured, never Redis itself.
 */
class AgentsHealthIndicator extends AbstractHealthIndicator {

	private final AgentStreamsIngest ingest;

	AgentsHealthIndicator(AgentStreamsIngest ingest) {
		this.ingest = ingest;
	}

	@Override
	protected void doHealthCheck(Health.Builder builder) {
		List<LoopHealth> consumers = this.ingest.health();
		builder.up().withDetail("streams", consumers.size());
		for (LoopHealth consumer : consumers) {
			if (consumer.failing()) {
				builder.down().withDetail("reason", consumer.reason());
				return;
			}
		}
	}

}
