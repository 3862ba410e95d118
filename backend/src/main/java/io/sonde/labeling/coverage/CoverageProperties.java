package io.sonde.labeling.coverage;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code sonde.labeling.coverage.*}: the coverage meter. Ti itself is a labeling
 * parameter ({@code telemetryIntervalMs}), not a property: operators change it through
 * the API.
 *
 * @param enabled measure coverage (reads every connected switch's counters once per Ti)
 * @param history how much of the coverage history the backend keeps in memory and loads
 * back from the time-series store at start (default 15 min)
 * @param storeEvery how often the closed windows are written to the time-series store in
 * one batch (default 1 s)
 */
@ConfigurationProperties("sonde.labeling.coverage")
public record CoverageProperties(@DefaultValue("true") boolean enabled, @DefaultValue("15m") Duration history,
		@DefaultValue("1s") Duration storeEvery) {

	public CoverageProperties {
		if (history == null || history.isNegative() || history.isZero()) {
			throw new IllegalArgumentException("sonde.labeling.coverage.history must be positive, was " + history);
		}
		if (storeEvery == null || storeEvery.isNegative() || storeEvery.isZero()) {
			throw new IllegalArgumentException(
					"sonde.labeling.coverage.store-every must be positive, was " + storeEvery);
		}
	}

}
