package io.sonde.labeling;

import java.time.Duration;
import java.util.List;

/** INT-label's coverage (paper §6.2) and each port's freshness per telemetry source. */
public interface LabelingCoverage {

	/** The last closed window. */
	CoverageSample current();

	/** The closed windows of the last {@code back}, oldest first. */
	List<CoverageSample> history(Duration back);

	List<PortFreshness> freshness();

}
