package io.sonde.p4programs.codec;

/**
 * One entry of a GPINT probe's source-route stack, for the switch that receives the probe
 * next: where that switch sends it, and which of its measurements it inserts (the MEA
 * range).
 *
 * @param nextPort the port the switch forwards the probe from (8 bits); not used by the
 * last switch of the path, which sends the completed probe to the monitoring module
 * @param firstIndex the first register cell to report (high byte of the MEA range)
 * @param count how many consecutive cells to report (low byte of the MEA range)
 */
public record SourceRouteEntry(int nextPort, int firstIndex, int count) {

	public SourceRouteEntry {
		GpintWire.requireUnsigned(nextPort, 8, "next port");
		GpintWire.requireUnsigned(firstIndex, 8, "MEA first index");
		GpintWire.requireUnsigned(count, 8, "MEA count");
	}

}
