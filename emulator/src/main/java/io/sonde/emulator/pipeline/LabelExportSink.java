package io.sonde.emulator.pipeline;

import io.sonde.p4programs.SondePipeline;

/**
 * Where a last hop's INT-label export goes: the egress-to-egress clone to clone session
 * {@value #EXPORT_CLONE_SESSION_ID}, which the control plane binds to the CPU port (a
 * PacketIn).
 */
@FunctionalInterface
public interface LabelExportSink {

	/** {@code LABEL_EXPORT_CLONE_SESSION_ID}. */
	int EXPORT_CLONE_SESSION_ID = SondePipeline.LABEL_EXPORT_CLONE_SESSION_ID;

	/**
	 * Sends one export; the frame is only valid during the call.
	 * @param sessionPort the clone session's port (the CPU port for a PacketIn)
	 * @param ingressPort the labeled packet's ingress port (the PacketIn's ingress_port)
	 * @param frame the packet as it would have left, option and items included
	 * @param length bytes of the frame
	 */
	void export(int sessionPort, int ingressPort, byte[] frame, int length);

}
