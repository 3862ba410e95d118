package io.sonde.emulator.run;

import java.time.Instant;

/**
 * One switch of a running network as the control channel reports it.
 *
 * @param name the switch's name
 * @param deviceId its P4Runtime device id
 * @param address where its P4Runtime server listens, or listens again once started
 * @param up whether it has power: its P4Runtime server answers and its data plane runs
 * @param since wall-clock time of the last power change (for a switch that came up: just
 * before its port listened again), or the start of the run
 * @param programmed whether a controller has given it a pipeline since it came up
 * @param droppedWhileDown frames dropped because it had no power, its lost buffers
 * included
 */
public record SwitchStatus(String name, long deviceId, String address, boolean up, Instant since, boolean programmed,
		long droppedWhileDown) {
}
