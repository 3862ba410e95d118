package io.sonde.labeling;

import java.util.Objects;

/** A coverage window closed; published every Ti. */
public record CoverageMeasured(CoverageSample sample) {

	public CoverageMeasured {
		Objects.requireNonNull(sample, "sample");
	}

}
