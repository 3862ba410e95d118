package io.sonde.web.dashboard.labeling;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import io.sonde.labeling.CoverageSample;
import io.sonde.labeling.LabelingParameters;
import io.sonde.labeling.PortFreshness;
import io.sonde.labeling.PortKey;
import io.sonde.labeling.TelemetrySource;

/**
 * What the Labeling page draws, at one instant: coverage now and over time, every port's
 * freshness with its S, and the parameters in force per switch with the version they come
 * from.
 *
 * @param at when it was taken
 * @param enabled whether the coverage meter runs
 * @param current the last closed coverage window; null when none
 * @param history coverage windows, oldest first
 * @param ports every cabled or measured port
 * @param parameters the parameters in force per switch; empty while labeling is off
 * @param version the version in force; null when none
 */
public record LabelingSnapshot(Instant at, boolean enabled, CoverageSample current, List<CoverageSample> history,
		List<PortCell> ports, Map<String, LabelingParameters> parameters, VersionLine version) {

	/**
	 * One port of the heat map.
	 *
	 * @param switchName its switch
	 * @param port the egress port
	 * @param lastSeen per telemetry source, when it last measured the port
	 * @param ageMs per telemetry source, how long ago (at {@code at})
	 * @param shift S (Reg2) the adaptive loop holds for it
	 */
	public record PortCell(String switchName, int port, Map<TelemetrySource, Instant> lastSeen,
			Map<TelemetrySource, Long> ageMs, int shift) {
	}

	/**
	 * @param version its number
	 * @param author who made it
	 * @param at when
	 * @param kind apply, rollback or off
	 * @param comment why
	 */
	public record VersionLine(long version, String author, Instant at, String kind, String comment) {
	}

	static List<PortCell> cells(List<PortFreshness> freshness, Map<PortKey, Integer> shifts, Instant at) {
		Map<PortKey, PortCell> cells = new TreeMap<>();
		for (PortFreshness port : freshness) {
			cells.put(port.port(), cell(port.port(), port.lastSeen(), shifts.getOrDefault(port.port(), 0), at));
		}
		shifts.forEach((port, shift) -> cells.computeIfAbsent(port, (key) -> cell(key, Map.of(), shift, at)));
		return new ArrayList<>(cells.values());
	}

	private static PortCell cell(PortKey port, Map<TelemetrySource, Instant> seen, int shift, Instant at) {
		Map<TelemetrySource, Long> ages = new TreeMap<>();
		seen.forEach((source, when) -> ages.put(source, Math.max(0, Duration.between(when, at).toMillis())));
		return new PortCell(port.switchName(), port.port(), seen, ages, shift);
	}

}
