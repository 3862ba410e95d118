package io.sonde.switches.internal.polling;

import java.util.List;
import java.util.function.Function;

import io.sonde.switches.SwitchView;
import p4.v1.Entity;

/** What the poller needs from the rest of the module. */
public interface PolledSwitches {

	/** Every managed switch. */
	List<SwitchView> connected();

	/** The ports to read on a switch: those the topology cables, else 0-31. */
	List<Integer> ports(String switchName);

	/** Reads entities on a switch, one request per call. */
	Function<List<Entity>, List<Entity>> reader(String switchName);

}
