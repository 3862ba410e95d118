package io.sonde.webhooks.internal;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * A subscription's secrets: the current one, and during a rotation's grace period the
 * previous one, which signs too until {@code previousUntil}.
 */
record StoredSecrets(String current, String previous, Instant previousUntil) {

	/** The secrets that sign a message sent at {@code now}, current first. */
	List<String> signing(Instant now) {
		List<String> secrets = new ArrayList<>(List.of(this.current));
		if (this.previous != null && this.previousUntil != null && now.isBefore(this.previousUntil)) {
			secrets.add(this.previous);
		}
		return secrets;
	}

}
