package io.sonde.web.dashboard;

import java.util.Optional;

import io.sonde.switches.PollingRound;
import io.sonde.switches.PortCounterPolling;

import org.springframework.stereotype.Component;

/**
 * The latest polling round and the one before it, for rates: {@link PortCounterPolling}
 * keeps only the latest, so a round is remembered here when a newer one shows up.
 */
@Component
class TrafficRounds {

	private final PortCounterPolling polling;

	private PollingRound latest;

	private PollingRound previous;

	TrafficRounds(PortCounterPolling polling) {
		this.polling = polling;
	}

	/** The latest round and the one before (either may be null). */
	synchronized PollingRound[] lastTwo() {
		Optional<PollingRound> now = this.polling.latest();
		if (now.isPresent() && now.get() != this.latest) {
			this.previous = this.latest;
			this.latest = now.get();
		}
		return new PollingRound[] { this.latest, this.previous };
	}

}
