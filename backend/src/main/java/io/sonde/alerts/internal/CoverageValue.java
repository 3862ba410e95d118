package io.sonde.alerts.internal;

import java.util.List;

import io.sonde.alerts.LiveValue;
import io.sonde.alerts.LiveValueSource;
import io.sonde.labeling.LabelingCoverage;

import org.springframework.beans.factory.ObjectProvider;

/** {@code labeling.coverage}: INT-label's coverage rate of the last closed window. */
final class CoverageValue implements LiveValueSource {

	private final ObjectProvider<LabelingCoverage> coverage;

	CoverageValue(ObjectProvider<LabelingCoverage> coverage) {
		this.coverage = coverage;
	}

	@Override
	public String name() {
		return "labeling.coverage";
	}

	@Override
	public String description() {
		return "INT-label coverage of the last closed window: covered active ports over active ports (1 when none"
				+ " is active)";
	}

	@Override
	public String unit() {
		return "ratio";
	}

	@Override
	public List<LiveValue> read() {
		LabelingCoverage meter = this.coverage.getIfAvailable();
		return (meter != null) ? List.of(new LiveValue(java.util.Map.of(), meter.current().rate())) : List.of();
	}

}
