package io.sonde.switches;

/**
 * A packet a switch sent to Sonde (P4Runtime §16.1), published as an application event to
 * every subscriber inside the backend.
 *
 * @param switchName the switch it came from
 * @param ingressPort the port it arrived on, from the packet-in metadata
 * @param payload the frame, from its Ethernet header
 */
public record PacketInReceived(String switchName, int ingressPort, byte[] payload) {
}
