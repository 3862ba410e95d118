package io.sonde.probes.recovery;

import java.util.List;
import java.util.Objects;

/**
 * A probe packet that reached the monitoring module.
 *
 * @param sendId the send it answers ({@link ProbeSend#sendId()}; the driver maps the
 * 15-bit request id back to it)
 * @param kind completed, feedback or recovery notification
 * @param hops the telemetry it carries, in path order (oldest first); empty for feedback
 */
public record ProbeArrival(long sendId, ArrivalKind kind, List<HopTelemetry> hops) {

	public ProbeArrival {
		Objects.requireNonNull(kind, "kind");
		hops = List.copyOf(hops);
	}

}
