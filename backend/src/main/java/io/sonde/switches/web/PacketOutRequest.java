package io.sonde.switches.web;

import java.util.HexFormat;

import io.sonde.switches.SwitchDeviceRejected;

/**
 * A frame to send out of a switch port.
 *
 * @param egressPort the switch port
 * @param frameHex the whole Ethernet frame, hex
 */
record PacketOutRequest(Integer egressPort, String frameHex) {

	int port() {
		if (this.egressPort == null || this.egressPort < 0 || this.egressPort > 511) {
			throw new SwitchDeviceRejected("egressPort", "is required and must be a port number in 0-511");
		}
		return this.egressPort;
	}

	byte[] frame() {
		if (this.frameHex == null || this.frameHex.isEmpty()) {
			throw new SwitchDeviceRejected("frameHex", "is required");
		}
		try {
			byte[] frame = HexFormat.of().parseHex(this.frameHex.replace(" ", ""));
			if (frame.length < 14 || frame.length > 9216) {
				throw new SwitchDeviceRejected("frameHex", "must be an Ethernet frame of 14-9216 bytes");
			}
			return frame;
		}
		catch (IllegalArgumentException ex) {
			throw new SwitchDeviceRejected("frameHex", "is not hexadecimal: " + ex.getMessage());
		}
	}

}
