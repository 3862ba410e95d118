package io.sonde.labeling;

import java.time.Instant;
import java.util.Objects;

/**
 * One coverage window Ti (paper §6.2).
 *
 * @param start the window's start
 * @param end the window's end
 * @param active ports that carried traffic or were updated in the window
 * @param covered active ports whose latest state was updated in the window
 * @param rate covered / active; 1.0 when nothing is active
 * @param bandwidthOccupation INT bytes over traffic bytes in the window
 * @param labeledPackets packets labeled in the window
 * @param exportedPackets exports in the window
 */
public record CoverageSample(Instant start, Instant end, int active, int covered, double rate,
		double bandwidthOccupation, long labeledPackets, long exportedPackets) {

	public CoverageSample {
		Objects.requireNonNull(start, "start");
		Objects.requireNonNull(end, "end");
	}

}
