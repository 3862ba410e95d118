package io.sonde.emulator.run;

import io.sonde.emulator.net.EgressObserver;
import io.sonde.emulator.net.Packet;
import io.sonde.emulator.net.PacketContext;
import io.sonde.emulator.net.SwitchDataPlane;
import io.sonde.emulator.net.SwitchNode;
import io.sonde.emulator.pipeline.SondeIngress;

/**
 * The CPU port of an emulated switch, as BMv2's {@code simple_switch_grpc --cpu-port}
 * gives one: a packet whose ingress pipeline sends it to port {@value #NUMBER} goes to
 * the controller as a P4Runtime PacketIn (with the port it came in on) instead of to a
 * link.
 * <p>
 * sonde.p4 has no action that punts, so this is how packet-in arises with it: the control
 * plane routes a destination to port {@value #NUMBER} (an {@code ipv4_lpm} entry with
 * {@code set_next_hop(510, ...)}), and packets to it reach the primary controller, their
 * {@code packet_in} header saying where they came in. PacketOut goes the other way
 * without the pipeline, as sonde.p4's ingress sends a frame with a {@code packet_out}
 * header: the payload is queued at the egress port the controller names.
 * <p>
 * It wraps the switch's own data plane and hands it a context that records where the
 * pipeline sent the packet; one context serves every packet (the scheduler's thread runs
 * one at a time), so nothing is allocated per packet.
 */
final class CpuPort implements SwitchDataPlane {

	/** The CPU port: 9 bits like every v1model port, above the ports topologies use. */
	static final int NUMBER = SondeIngress.CPU_PORT;

	private final SwitchDataPlane pipeline;

	private final Outcome outcome = new Outcome();

	CpuPort(SwitchDataPlane pipeline) {
		this.pipeline = pipeline;
	}

	@Override
	public void process(PacketContext context) {
		Outcome recorded = this.outcome;
		recorded.begin(context);
		try {
			this.pipeline.process(recorded);
		}
		finally {
			recorded.end();
		}
		if (recorded.dropped || recorded.egressPort < 0) {
			context.drop();
		}
		else if (recorded.egressPort == NUMBER) {
			context.sendToController();
			context.drop();
		}
		else {
			context.emit(recorded.egressPort, recorded.egress);
		}
	}

	/** Passes everything through to the switch's context except the final decision. */
	private static final class Outcome implements PacketContext {

		PacketContext outer;

		int egressPort;

		EgressObserver egress;

		boolean dropped;

		void begin(PacketContext context) {
			this.outer = context;
			this.egressPort = -1;
			this.egress = null;
			this.dropped = false;
		}

		void end() {
			this.outer = null;
		}

		@Override
		public Packet packet() {
			return this.outer.packet();
		}

		@Override
		public SwitchNode node() {
			return this.outer.node();
		}

		@Override
		public void emit(int egressPort, EgressObserver egressStage) {
			this.egressPort = egressPort;
			this.egress = egressStage;
			this.dropped = false;
		}

		@Override
		public void emitCopy(int egressPort, EgressObserver egressStage) {
			this.outer.emitCopy(egressPort, egressStage);
		}

		@Override
		public void drop() {
			this.dropped = true;
		}

		@Override
		public void sendReport(byte[] frame, int offset, int length) {
			this.outer.sendReport(frame, offset, length);
		}

		@Override
		public void sendToController() {
			this.outer.sendToController();
		}

	}

}
