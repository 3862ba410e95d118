package io.sonde.emulator.run;

import java.util.List;

/**
 * Every switch and link of a running network with its state, read at one moment on the
 * scheduler's thread.
 */
public record NetworkStatus(String network, List<SwitchStatus> switches, List<LinkStatus> links) {

	public NetworkStatus {
		switches = List.copyOf(switches);
		links = List.copyOf(links);
	}

}
