package io.sonde.web.dashboard;

import java.util.Optional;
import java.util.Set;

import io.sonde.switches.PollingRound;
import io.sonde.switches.PortCounterPolling;
import io.sonde.topology.LinkStates;
import io.sonde.topology.TopologyLink;

/** Polling rounds and links down as a slice test sets them. */
final class FakeTraffic implements PortCounterPolling, LinkStates {

	volatile PollingRound latest;

	volatile PollingRound previous;

	volatile Set<TopologyLink> down = Set.of();

	void reset() {
		this.latest = null;
		this.previous = null;
		this.down = Set.of();
	}

	@Override
	public PollingRound pollNow() {
		throw new UnsupportedOperationException("the dashboard only reads the latest round");
	}

	@Override
	public Optional<PollingRound> latest() {
		return Optional.ofNullable(this.latest);
	}

	@Override
	public PollingRound[] lastTwo() {
		return new PollingRound[] { this.latest, this.previous };
	}

	@Override
	public Set<TopologyLink> down() {
		return this.down;
	}

}
