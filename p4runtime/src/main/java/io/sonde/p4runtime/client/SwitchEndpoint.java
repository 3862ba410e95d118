package io.sonde.p4runtime.client;

/**
 * Which switch a client talks to: the address it dialled and the P4Runtime device id.
 * Every log line and exception of the client names it.
 */
public record SwitchEndpoint(String address, long deviceId) {

	@Override
	public String toString() {
		return "device " + Long.toUnsignedString(this.deviceId) + " at " + this.address;
	}

}
