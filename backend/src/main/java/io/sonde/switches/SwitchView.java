package io.sonde.switches;

/** A registered switch and the live state of Sonde's connection to it. */
public record SwitchView(SwitchDevice device, ConnectionStatus connection) {

	public String name() {
		return this.device.name();
	}

}
