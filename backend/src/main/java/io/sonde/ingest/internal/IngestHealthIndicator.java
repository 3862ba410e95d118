package io.sonde.ingest.internal;

import java.time.Clock;
import java.time.Duration;

import io.sonde.core.LoopHealth;

import org.springframework.boot.actuate.health.AbstractHealthIndicator;
import org.springframework.boot.actuate.health.Health;

/**
 * Health component {@code ingest}: DOWN while a consumer cannot read (with its error and
 * since when), while the oldest entry nobody has read yet is older than
 * {@code sonde.ingest.max-lag}, or while no lag was measured for that long (the consumers
 * are stuck); UP again once caught up. Reads what the consumers last measured, never
 * Redis itself.
 */
class IngestHealthIndicator extends AbstractHealthIndicator {

	private final EventStreamIngest ingest;

	private final IngestProperties properties;

	private final Clock clock;

	IngestHealthIndicator(EventStreamIngest ingest, IngestProperties properties, Clock clock) {
		this.ingest = ingest;
		this.properties = properties;
		this.clock = clock;
	}

	@Override
	protected void doHealthCheck(Health.Builder builder) {
		Duration bound = this.properties.maxLag();
		builder.up();
		IngestLag.Measurement lag = this.ingest.lag();
		if (lag != null) {
			builder.withDetail("unread", lag.unread())
				.withDetail("oldestUnreadMs", lag.oldestUnread().toMillis())
				.withDetail("pending", lag.pending())
				.withDetail("oldestPendingMs", lag.oldestPending().toMillis())
				.withDetail("measuredAt", lag.at().toString());
			Duration since = Duration.between(lag.at(), this.clock.instant());
			if (since.compareTo(bound) > 0) {
				builder.down()
					.withDetail("reason", "no lag of " + this.properties.stream() + " measured since " + lag.at()
							+ " (longer than sonde.ingest.max-lag " + bound + "): the consumers are stuck");
			}
			else if (lag.oldestUnread().compareTo(bound) > 0) {
				builder.down()
					.withDetail("reason",
							"the oldest unread entry of " + this.properties.stream() + " is "
									+ lag.oldestUnread().toMillis() / 1000.0 + " s old (sonde.ingest.max-lag " + bound
									+ "); " + lag.unread() + " entries unread");
			}
		}
		else {
			builder.withDetail("lag", "not measured yet");
		}
		builder.withDetail("maxLag", bound.toString());
		// A consumer that cannot read says why, over any lag.
		for (LoopHealth consumer : this.ingest.consumerHealth()) {
			if (consumer.failing()) {
				builder.down().withDetail("reason", consumer.reason());
				break;
			}
		}
	}

}
