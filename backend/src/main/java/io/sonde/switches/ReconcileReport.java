package io.sonde.switches;

import java.time.Instant;
import java.util.List;

/**
 * What one reconciliation found and did.
 *
 * @param switchName the switch
 * @param at when it started
 * @param reason why it ran ({@code connected}, {@code desired state changed},
 * {@code requested}, ...)
 * @param pipelinePushed whether the pipeline had to be (re)installed first
 * @param expected entities Sonde wants on the switch
 * @param applied the changes written
 * @param failed the changes the switch refused, each with its reason in
 * {@link EntityChange#installed()}
 * @param durationMillis from the first read to the last write
 */
public record ReconcileReport(String switchName, Instant at, String reason, boolean pipelinePushed, int expected,
		List<EntityChange> applied, List<EntityChange> failed, long durationMillis) {

	public ReconcileReport {
		applied = List.copyOf(applied);
		failed = List.copyOf(failed);
	}

}
