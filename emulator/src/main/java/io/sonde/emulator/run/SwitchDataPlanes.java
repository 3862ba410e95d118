package io.sonde.emulator.run;

import io.sonde.emulator.net.SwitchDataPlane;
import io.sonde.emulator.pipeline.GroundTruth;
import io.sonde.emulator.pipeline.SondeSwitch;
import io.sonde.emulator.pipeline.SondeSwitchOptions;
import io.sonde.emulator.pipeline.SwitchStateRegisters;
import io.sonde.emulator.pipeline.SwitchStateTables;

/**
 * Gives each switch of an {@link EmulatedNetwork} its packet processing, built over the
 * state its P4Runtime server holds so that what a controller writes is what the data
 * plane runs.
 */
@FunctionalInterface
public interface SwitchDataPlanes {

	/**
	 * @param emulatedSwitch the switch: its topology entry, network node and P4Runtime
	 * server
	 * @param groundTruth where the values put into packets are recorded, shared by all
	 * switches
	 */
	SwitchDataPlane create(EmulatedSwitch emulatedSwitch, GroundTruth groundTruth);

	/**
	 * sonde.p4 executed in Java ({@link SondeSwitch}) over the switch's P4Runtime tables,
	 * registers, counters and clone sessions.
	 */
	static SwitchDataPlanes sondeP4(SondeSwitchOptions options) {
		return (emulatedSwitch, groundTruth) -> new SondeSwitch(new SwitchStateTables(emulatedSwitch.server().state()),
				new SwitchStateRegisters(emulatedSwitch.server().state()), groundTruth, options);
	}

}
