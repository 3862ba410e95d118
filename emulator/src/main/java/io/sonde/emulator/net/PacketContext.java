package io.sonde.emulator.net;

/**
 * What the ingress stage of a {@link SwitchDataPlane} sees and decides for one packet.
 * Valid only during {@link SwitchDataPlane#process}; the switch reuses it.
 * <p>
 * The outcome follows v1model's {@code egress_spec}: the last {@link #emit} wins, a
 * {@link #drop()} after it cancels it, and a packet with no emit is dropped.
 * {@link #emitCopy} is a clone or multicast: the copy (new ground-truth id) is queued at
 * once.
 */
public interface PacketContext {

	/** The packet, with its ground-truth id and ingress facts. */
	Packet packet();

	/** The frame bytes, to read or rewrite in place. */
	default byte[] frame() {
		return packet().frame();
	}

	default int length() {
		return packet().length();
	}

	default void setLength(int length) {
		packet().setLength(length);
	}

	default byte[] ensureCapacity(int capacity) {
		return packet().ensureCapacity(capacity);
	}

	default int ingressPort() {
		return packet().ingressPort();
	}

	/** When the frame arrived (last bit received): now. */
	default long ingressTimestampNanos() {
		return packet().ingressTimestampNanos();
	}

	/** The switch processing the packet. */
	SwitchNode node();

	/** Sends the packet out of {@code egressPort} without an egress stage. */
	default void emit(int egressPort) {
		emit(egressPort, null);
	}

	/**
	 * Sends the packet out of {@code egressPort}; {@code egress} (may be null) runs when
	 * it leaves the queue.
	 */
	void emit(int egressPort, EgressObserver egress);

	/** Queues a copy of the current frame at {@code egressPort} now. */
	void emitCopy(int egressPort, EgressObserver egress);

	/** Discards the packet (cancels an earlier emit). */
	void drop();

	/** Hands a telemetry report (a complete frame) to the switch's {@link ReportSink}. */
	void sendReport(byte[] frame, int offset, int length);

	/** Sends a copy of the current frame to the controller (P4Runtime PacketIn). */
	void sendToController();

}
