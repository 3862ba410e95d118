package io.sonde.emulator.cli;

import io.sonde.emulator.traffic.TransportProtocol;

/** The {@code --protocol} choices: the transport of the generated flows. */
enum FlowProtocol {

	/** Every flow UDP. */
	UDP,

	/** Every flow TCP-shaped. */
	TCP,

	/** UDP and TCP-shaped by turns: flow 0 UDP, flow 1 TCP, ... */
	MIXED;

	TransportProtocol of(int flowIndex) {
		return switch (this) {
			case UDP -> TransportProtocol.UDP;
			case TCP -> TransportProtocol.TCP;
			case MIXED -> (flowIndex % 2 == 0) ? TransportProtocol.UDP : TransportProtocol.TCP;
		};
	}

}
