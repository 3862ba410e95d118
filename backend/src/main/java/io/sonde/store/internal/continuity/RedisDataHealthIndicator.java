package io.sonde.store.internal.continuity;

import java.util.List;

import io.sonde.store.RedisContinuityStatus;
import io.sonde.store.RedisContinuityStatus.StateToImport;
import io.sonde.store.RedisDataLoss;

import org.springframework.boot.actuate.health.AbstractHealthIndicator;
import org.springframework.boot.actuate.health.Health;

/**
 * Health component {@code redisData}: Redis still holds what Sonde wrote. DOWN from the
 * moment a data loss is noticed until an operator acknowledges it, with the reason, the
 * time and what must be imported again; UNKNOWN while Redis cannot be read (the
 * {@code redis} component says why).
 */
class RedisDataHealthIndicator extends AbstractHealthIndicator {

	private final EpochWatch watch;

	RedisDataHealthIndicator(EpochWatch watch) {
		this.watch = watch;
	}

	@Override
	protected void doHealthCheck(Health.Builder builder) {
		RedisContinuityStatus status = this.watch.status();
		RedisDataLoss loss = status.dataLoss();
		if (loss != null) {
			builder.down()
				.withDetail("reason", reason(loss, status.toImport()))
				.withDetail("summary", loss.summary())
				.withDetail("detectedAt", loss.detectedAt().toString())
				.withDetail("detectedBy", loss.detectedBy())
				.withDetail("lostEpoch", String.valueOf(loss.lostEpoch()))
				.withDetail("toImport", status.toImport())
				.withDetail("acknowledge", EpochWatch.ACKNOWLEDGE_PATH);
		}
		else if (status.epoch() == null || status.checkError() != null) {
			builder.unknown()
				.withDetail("reason", (status.checkError() != null) ? status.checkError() : "Redis not read yet");
		}
		else {
			builder.up()
				.withDetail("epoch", status.epoch().id())
				.withDetail("since", status.epoch().createdAt().toString())
				.withDetail("origin", status.epoch().origin());
		}
	}

	private static String reason(RedisDataLoss loss, List<StateToImport> toImport) {
		List<String> missing = toImport.stream()
			.map((state) -> state.presentAgain() ? state.name() + " (present again)" : state.name())
			.toList();
		return loss.summary() + (missing.isEmpty() ? "" : "; to import again: " + String.join(", ", missing))
				+ "; acknowledge once done (" + EpochWatch.ACKNOWLEDGE_PATH + " or the Overview page)";
	}

}
