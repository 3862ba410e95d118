package io.sonde.labeling.coverage;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;

import io.sonde.intconfig.IntConfigDocument.SwitchIntConfig;
import io.sonde.intconfig.IntConfiguration;
import io.sonde.switches.SwitchManagement;
import io.sonde.switches.SwitchView;

/**
 * The switch an INT node id names, as INT-MD's reports carry it: the node id the INT
 * configuration gives a switch, else its P4Runtime device id (the configuration's
 * default). Rebuilt at most every {@link #REFRESH}, since the ingest asks for every
 * event.
 */
final class NodeIdNames implements Function<Long, String> {

	static final Duration REFRESH = Duration.ofSeconds(5);

	private final SwitchManagement switches;

	private final IntConfiguration intConfig;

	private final Clock clock;

	private volatile Map<Long, String> names = Map.of();

	private volatile Instant builtAt = Instant.MIN;

	NodeIdNames(SwitchManagement switches, IntConfiguration intConfig, Clock clock) {
		this.switches = switches;
		this.intConfig = intConfig;
		this.clock = clock;
	}

	@Override
	public String apply(Long nodeId) {
		Instant now = this.clock.instant();
		if (this.builtAt.plus(REFRESH).isBefore(now)) {
			this.names = build();
			this.builtAt = now;
		}
		return this.names.get(nodeId);
	}

	private Map<Long, String> build() {
		Map<Long, String> byNodeId = new HashMap<>();
		for (SwitchView view : this.switches.switches()) {
			byNodeId.put(view.device().deviceId(), view.name());
		}
		try {
			this.intConfig.current().ifPresent((version) -> {
				if (version.config().switches() == null) {
					return;
				}
				for (SwitchIntConfig node : version.config().switches()) {
					if (node.nodeId() != null) {
						byNodeId.values().remove(node.name());
						byNodeId.put(node.nodeId(), node.name());
					}
				}
			});
		}
		catch (RuntimeException ex) {
			// The INT configuration is unreadable (Redis away): device ids still name
			// most.
		}
		return Map.copyOf(byNodeId);
	}

}
