package io.sonde.alerts.internal;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import io.sonde.alerts.LiveValue;
import io.sonde.alerts.LiveValueSource;
import io.sonde.switches.ConnectionState;
import io.sonde.switches.ConnectionStatus;
import io.sonde.switches.SwitchManagement;
import io.sonde.switches.SwitchView;

import org.springframework.beans.factory.ObjectProvider;

/**
 * {@code switch.unreachable_seconds}, per switch (label {@code switch}): seconds since
 * Sonde last saw it reachable, 0 while it is. A switch the operator disabled has no
 * series (Sonde does not try to reach it). A switch never seen reachable counts from when
 * its connection entered its state, or from when this source first read it if later.
 */
final class SwitchUnreachableValue implements LiveValueSource {

	private final ObjectProvider<SwitchManagement> switches;

	private final Clock clock;

	private final Map<String, Instant> lastReachable = new ConcurrentHashMap<>();

	private final Instant started;

	SwitchUnreachableValue(ObjectProvider<SwitchManagement> switches, Clock clock) {
		this.switches = switches;
		this.clock = clock;
		this.started = clock.instant();
	}

	@Override
	public String name() {
		return "switch.unreachable_seconds";
	}

	@Override
	public String description() {
		return "Per switch: seconds since Sonde last reached it over P4Runtime, 0 while it is reachable";
	}

	@Override
	public String unit() {
		return "s";
	}

	@Override
	public List<LiveValue> read() {
		SwitchManagement management = this.switches.getIfAvailable();
		if (management == null) {
			return List.of();
		}
		Instant now = this.clock.instant();
		List<LiveValue> values = new ArrayList<>();
		for (SwitchView view : management.switches()) {
			ConnectionStatus connection = view.connection();
			if (connection.state() == ConnectionState.DISABLED) {
				continue;
			}
			if (connection.state().reachable()) {
				this.lastReachable.put(view.name(), now);
				values.add(new LiveValue(Map.of("switch", view.name()), 0));
				continue;
			}
			Instant since = this.lastReachable.get(view.name());
			if (since == null) {
				since = connection.since().isAfter(this.started) ? connection.since() : this.started;
			}
			double seconds = Math.max(0, Duration.between(since, now).toMillis() / 1000.0);
			values.add(new LiveValue(Map.of("switch", view.name()), seconds));
		}
		return values;
	}

}
