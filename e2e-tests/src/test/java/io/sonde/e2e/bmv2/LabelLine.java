package io.sonde.e2e.bmv2;

import java.util.List;

import io.sonde.p4runtime.client.P4RuntimeClient;

/**
 * {@code h1 — s1 — s2 — s3 — h2} running sonde.p4, on BMv2 ({@link Bmv2LabelLine}) or in
 * the emulator ({@link EmulatedLabelLine}): the same P4Runtime writes configure both, the
 * same frames go in at s1's port 1, and what s3 exports and h2 receives comes back the
 * same way. Port 1 of each switch faces h1, port 2 faces h2.
 */
interface LabelLine extends AutoCloseable {

	String H1_NAME = "h1";

	String H2_NAME = "h2";

	List<String> SWITCHES = List.of("s1", "s2", "s3");

	/** Where a switch's sonde.p4 is configured and its counters read. */
	P4RuntimeClient client(int switchIndex);

	/**
	 * Writes Reg2 ({@code label_shift}) of {@code port}: over P4Runtime where the switch
	 * takes register writes, else as its operator would.
	 */
	void writeShift(int switchIndex, int port, int shift) throws Exception;

	/**
	 * Sends the frames into s1's port 1, 20 ms apart, and returns what s3 exported (its
	 * first {@code exports} at least, and whatever else came within a second) and h2
	 * received.
	 */
	Sent send(List<byte[]> frames, int exports) throws Exception;

	/** Whether its exports are cut 8 bytes behind the items (sonde.p4), or whole. */
	boolean cutsExports();

	/** One export: the PacketIn's ingress_port and frame. */
	record Export(int ingressPort, byte[] frame) {
	}

	/** What s3 exported, in order, and what h2 received, in order. */
	record Sent(List<Export> exports, List<byte[]> delivered) {
	}

	@Override
	void close() throws Exception;

}
