package io.sonde.emulator.pipeline;

import io.sonde.p4programs.codec.GpintProbe;
import io.sonde.p4programs.codec.GpintProbeCodec;
import io.sonde.p4programs.codec.MalformedTelemetry;
import io.sonde.p4programs.codec.ProbeKind;
import io.sonde.p4programs.codec.ProbeLimits;

/**
 * Ingress stage 3 of sonde.p4, GPINT probes (GPINT-DECISIONS.md "What a switch does"): a
 * measurement probe is answered with a feedback out of its ingress port when recovery is
 * on, and sent on by its top source-route entry (to the CPU port when that entry is the
 * last); a feedback is consumed, naming the stored copy it releases; anything over a
 * bound is dropped and said why. The probe's bytes change in egress
 * ({@link ProbeEgress}), where the pop and the push happen together.
 * <p>
 * The twin decodes the probe with the p4-programs codec instead of parsing it into
 * headers: the codec's bounds are the P4's ({@link ProbeLimits#DEFAULT}: MAX_PROBE_HOPS
 * entries, 16 measurements per hop).
 */
final class ProbeIngress {

	private final SondeTables tables;

	ProbeIngress(SondeTables tables) {
		this.tables = tables;
	}

	/**
	 * @param frame the probe as received
	 * @param kind what its DSCP marks
	 * @param port its ingress port
	 * @param result where the decision goes
	 */
	void apply(MutableFrame frame, ProbeKind kind, int port, IngressResult result) {
		result.egressPort = IntWire.DROP_PORT;
		GpintProbe probe;
		try {
			probe = GpintProbeCodec.decodeFrame(frame.bytes(), 0, frame.length(), ProbeLimits.DEFAULT);
		}
		catch (MalformedTelemetry ex) {
			result.probeDrop = (ex.reason() == MalformedTelemetry.Reason.HOP_COUNT_OVER_LIMIT
					|| ex.reason() == MalformedTelemetry.Reason.MEASUREMENT_COUNT_OVER_LIMIT) ? ProbeDrop.OVER_BOUND
							: ProbeDrop.MALFORMED;
			return;
		}
		switch (kind) {
			case FEEDBACK -> result.feedbackReceived = probe.requestId();
			case RECOVERY -> result.probeDrop = ProbeDrop.STRAY_RECOVERY;
			case MEASUREMENT -> measurement(frame, probe, port, result);
		}
	}

	private void measurement(MutableFrame frame, GpintProbe probe, int port, IngressResult result) {
		if (probe.sourceRoute().isEmpty()) {
			result.probeDrop = ProbeDrop.NO_ROUTE;
			return;
		}
		if (probe.hops().size() >= ProbeLimits.DEFAULT.maxHops()) {
			result.probeDrop = ProbeDrop.OVER_BOUND;
			return;
		}
		ProbeSettings settings = this.tables.probeSettings();
		if (settings.recoveryEnabled()) {
			byte[] feedback = GpintProbeCodec.reframe(probe.feedback(), frame.bytes(), 0, frame.length());
			swapMacs(feedback);
			result.feedback().copyFrom(feedback, feedback.length);
			result.feedbackMade = true;
		}
		boolean last = probe.sourceRoute().size() == 1;
		result.egressPort = last ? SondeIngress.CPU_PORT : probe.sourceRoute().get(0).nextPort();
		result.bridged = IngressResult.BRIDGED_PROBE
				| ((settings.recoveryEnabled() && !last) ? IngressResult.BRIDGED_PROBE_COPY : 0);
	}

	/** The feedback goes back where the probe came from. */
	private static void swapMacs(byte[] frame) {
		for (int i = 0; i < 6; i++) {
			byte destination = frame[i];
			frame[i] = frame[i + 6];
			frame[i + 6] = destination;
		}
	}

}
