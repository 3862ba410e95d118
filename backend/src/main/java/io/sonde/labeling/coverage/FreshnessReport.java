package io.sonde.labeling.coverage;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.sonde.labeling.PortFreshness;
import io.sonde.labeling.TelemetrySource;

/**
 * Network-wide freshness at one instant, by switch then port: when each source last
 * measured it and how long ago the freshest measurement was.
 *
 * @param at when the report was made
 * @param switches every switch of the topology and every switch a source measured
 */
public record FreshnessReport(Instant at, List<SwitchFreshness> switches) {

	/**
	 * @param name the switch
	 * @param lastSeen per source, when it last measured the switch or any of its ports
	 * @param ageMs since the freshest of them; null when nothing ever measured it
	 * @param ports its ports, cabled or measured
	 */
	public record SwitchFreshness(String name, Map<TelemetrySource, Instant> lastSeen, Long ageMs,
			List<PortAge> ports) {
	}

	/**
	 * @param port the egress port
	 * @param lastSeen per source, when it last measured the port
	 * @param ageMs since the freshest of them; null when nothing ever measured it
	 */
	public record PortAge(int port, Map<TelemetrySource, Instant> lastSeen, Long ageMs) {
	}

	/** The report of {@code freshness} as it stands at {@code at}. */
	public static FreshnessReport of(TelemetryFreshness freshness, Instant at) {
		Map<String, List<PortAge>> ports = new LinkedHashMap<>();
		for (PortFreshness port : freshness.ports()) {
			ports.computeIfAbsent(port.port().switchName(), (name) -> new ArrayList<>())
				.add(new PortAge(port.port().port(), port.lastSeen(), age(port.lastSeen(), at)));
		}
		List<SwitchFreshness> switches = new ArrayList<>();
		freshness.switches()
			.forEach((name, seen) -> switches
				.add(new SwitchFreshness(name, seen, age(seen, at), ports.getOrDefault(name, List.of()))));
		return new FreshnessReport(at, switches);
	}

	private static Long age(Map<TelemetrySource, Instant> seen, Instant at) {
		return seen.values()
			.stream()
			.max(Instant::compareTo)
			.map((newest) -> Math.max(0, Duration.between(newest, at).toMillis()))
			.orElse(null);
	}

}
