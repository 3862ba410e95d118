package io.sonde.emulator.traffic;

import java.util.SplittableRandom;

/**
 * The packet times of one flow, as gaps between consecutive packets. Stateful (one
 * instance per flow, made by its {@link ArrivalModel}); draws only from the random
 * generator it is given, so a flow's times depend only on its seed.
 */
public interface ArrivalProcess {

	/** Delay from the flow's start to its first packet. */
	long firstDelayNanos(SplittableRandom random);

	/** Gap from the previous packet to the next one. */
	long nextGapNanos(SplittableRandom random);

}
