package io.sonde.emulator.traffic;

/** The transport a flow's packets carry. */
public enum TransportProtocol {

	/** UDP (IP protocol 17, RFC 768). */
	UDP(17, 8),

	/**
	 * TCP-shaped (IP protocol 6, RFC 9293): data segments with sequence numbers that
	 * advance by the payload length, ACK|PSH set, no options, no handshake and no
	 * congestion control.
	 */
	TCP(6, 20);

	private final int ipProtocol;

	private final int headerBytes;

	TransportProtocol(int ipProtocol, int headerBytes) {
		this.ipProtocol = ipProtocol;
		this.headerBytes = headerBytes;
	}

	public int ipProtocol() {
		return this.ipProtocol;
	}

	public int headerBytes() {
		return this.headerBytes;
	}

}
