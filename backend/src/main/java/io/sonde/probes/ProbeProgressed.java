package io.sonde.probes;

import java.time.Instant;
import java.util.Objects;

/**
 * A probe of a running session moved, as far as the monitoring module can see: sent,
 * acknowledged by its first switch, back complete or back as a recovery notification.
 * Published as it happens for live views; not stored (the session's record keeps the
 * totals). A probe's walk between switches is invisible to the monitoring module until it
 * comes back: {@link #reached()} is the farthest switch it is known to have reached.
 *
 * @param sessionId the session
 * @param step what happened
 * @param path the path's index in the session
 * @param fromHop position (0-based) on the path of the switch the probe was sent to
 * @param reached position of the farthest switch it is known to have reached: -1 on its
 * way to its first switch (sent, not sent), its first switch on feedback, the path's last
 * on completion, the switch that sent a recovery notification (whose link to the next is
 * suspect)
 * @param attempt 1 for the first send at this position, 2 for the first retry, ...
 * @param recovery every send of a path after its first
 * @param at when the monitoring module saw it
 */
public record ProbeProgressed(String sessionId, ProbeStep step, int path, int fromHop, int reached, int attempt,
		boolean recovery, Instant at) {

	public ProbeProgressed {
		Objects.requireNonNull(sessionId, "sessionId");
		Objects.requireNonNull(step, "step");
		Objects.requireNonNull(at, "at");
	}

}
