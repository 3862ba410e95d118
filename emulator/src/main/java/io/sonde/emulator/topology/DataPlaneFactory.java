package io.sonde.emulator.topology;

import io.sonde.emulator.net.SwitchDataPlane;
import io.sonde.emulator.net.SwitchNode;

/**
 * Gives each switch of a topology its packet processing when the network is built.
 */
@FunctionalInterface
public interface DataPlaneFactory {

	/** Switches that drop everything until a pipeline is installed. */
	DataPlaneFactory NONE = (spec, node) -> SwitchDataPlane.DROP_ALL;

	SwitchDataPlane create(SwitchSpec spec, SwitchNode node);

}
