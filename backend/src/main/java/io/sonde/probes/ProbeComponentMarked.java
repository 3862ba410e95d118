package io.sonde.probes;

import java.time.Instant;
import java.util.Objects;

/**
 * The recovery loop of a running session judged a switch or link (an entry of the paper's
 * A changed): published as it happens for live views; the session's record keeps the
 * final verdicts ({@link ProbeSession#components()}).
 *
 * @param sessionId the session
 * @param kind {@code switch} or {@code link}
 * @param component {@code s1}, or {@code s2--s3}
 * @param status {@code unavailable} or {@code congested}
 * @param path the path on which it was judged
 * @param at when
 */
public record ProbeComponentMarked(String sessionId, String kind, String component, String status, int path,
		Instant at) {

	public ProbeComponentMarked {
		Objects.requireNonNull(sessionId, "sessionId");
		Objects.requireNonNull(component, "component");
		Objects.requireNonNull(status, "status");
		Objects.requireNonNull(at, "at");
	}

}
