package io.sonde.switches.internal;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.sonde.switches.Reachability;
import io.sonde.switches.SwitchEndpointReachable;
import io.sonde.switches.SwitchEndpointStatus;
import io.sonde.switches.SwitchEndpointUnreachable;
import io.sonde.switches.SwitchEndpoints;
import io.sonde.topology.TopologySwitch;

import org.springframework.context.ApplicationEventPublisher;

/**
 * The latest probe result of every tracked switch, in topology order, and the events when
 * a switch's reachability changes. A result for a switch that is no longer tracked (the
 * topology changed while it was being probed) is dropped.
 */
public class EndpointStates implements SwitchEndpoints {

	private static final Logger logger = LoggerFactory.getLogger(EndpointStates.class);

	private final ApplicationEventPublisher events;

	private final Clock clock;

	private final Duration probeInterval;

	// Guarded by this; insertion order is topology order.
	private Map<String, SwitchEndpointStatus> statuses = new LinkedHashMap<>();

	public EndpointStates(ApplicationEventPublisher events, Clock clock, Duration probeInterval) {
		this.events = events;
		this.clock = clock;
		this.probeInterval = probeInterval;
	}

	/**
	 * Tracks exactly these switches from now on. A switch already tracked at the same
	 * device id and address keeps what is known about it; any other starts as
	 * {@link Reachability#NOT_CHECKED}.
	 */
	public synchronized void track(List<TopologySwitch> switches) {
		Instant now = this.clock.instant();
		Map<String, SwitchEndpointStatus> next = new LinkedHashMap<>();
		for (TopologySwitch target : switches) {
			SwitchEndpointStatus known = this.statuses.get(target.name());
			if (known != null && sameEndpoint(known, target)) {
				next.put(target.name(), withRole(known, target.role()));
			}
			else {
				next.put(target.name(), new SwitchEndpointStatus(target.name(), target.role(), target.deviceId(),
						target.p4RuntimeAddress(), Reachability.NOT_CHECKED, null, null, null, null, null, now));
			}
		}
		this.statuses = next;
	}

	/**
	 * Records a probe result; publishes an event if the switch's reachability changed.
	 */
	public void record(TopologySwitch target, ProbeResult result) {
		Object event;
		synchronized (this) {
			SwitchEndpointStatus known = this.statuses.get(target.name());
			if (known == null || !sameEndpoint(known, target)) {
				return;
			}
			SwitchEndpointStatus next = next(known, result);
			this.statuses.put(target.name(), next);
			event = (next.state() != known.state()) ? changed(next) : null;
		}
		if (event != null) {
			this.events.publishEvent(event);
		}
	}

	@Override
	public synchronized List<SwitchEndpointStatus> all() {
		return List.copyOf(this.statuses.values());
	}

	@Override
	public synchronized Optional<SwitchEndpointStatus> named(String switchName) {
		return Optional.ofNullable(this.statuses.get(switchName));
	}

	@Override
	public Duration probeInterval() {
		return this.probeInterval;
	}

	private static SwitchEndpointStatus next(SwitchEndpointStatus known, ProbeResult result) {
		Reachability state = result.reachable() ? Reachability.REACHABLE : Reachability.UNREACHABLE;
		Instant since = (state != known.state()) ? result.checkedAt() : known.stateSince();
		String lastError = result.reachable() ? known.lastError() : result.error();
		Instant lastErrorAt = result.reachable() ? known.lastErrorAt() : result.checkedAt();
		return new SwitchEndpointStatus(known.name(), known.role(), known.deviceId(), known.address(), state,
				result.apiVersion(), result.roundTrip(), lastError, lastErrorAt, result.checkedAt(), since);
	}

	private static Object changed(SwitchEndpointStatus status) {
		if (status.state() == Reachability.REACHABLE) {
			logger.info("Switch {} (device {} at {}) is reachable: P4Runtime {}", status.name(), status.deviceId(),
					status.address(), status.apiVersion());
			return new SwitchEndpointReachable(status.name(), status.deviceId(), status.address(), status.apiVersion(),
					status.roundTrip(), status.lastCheckedAt());
		}
		logger.warn("Switch {} (device {} at {}) is unreachable: {}", status.name(), status.deviceId(),
				status.address(), status.lastError());
		return new SwitchEndpointUnreachable(status.name(), status.deviceId(), status.address(), status.lastError(),
				status.lastCheckedAt());
	}

	private static boolean sameEndpoint(SwitchEndpointStatus known, TopologySwitch target) {
		return known.deviceId() == target.deviceId() && known.address().equals(target.p4RuntimeAddress());
	}

	private static SwitchEndpointStatus withRole(SwitchEndpointStatus status, String role) {
		return new SwitchEndpointStatus(status.name(), role, status.deviceId(), status.address(), status.state(),
				status.apiVersion(), status.roundTrip(), status.lastError(), status.lastErrorAt(),
				status.lastCheckedAt(), status.stateSince());
	}

}
