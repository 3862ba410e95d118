package io.sonde.emulator.pipeline;

import java.util.ArrayList;
import java.util.List;

import io.sonde.p4programs.codec.GpintProbe;
import io.sonde.p4programs.codec.GpintProbeCodec;
import io.sonde.p4programs.codec.MalformedTelemetry;
import io.sonde.p4programs.codec.ProbeHop;
import io.sonde.p4programs.codec.ProbeLimits;
import io.sonde.p4programs.codec.ProbeRequestType;
import io.sonde.p4programs.codec.SourceRouteEntry;

/**
 * Egress stage 4 of sonde.p4, GPINT probes: the top source-route entry is popped and this
 * switch's DLV entry and measurements go in front of the others (the entry's MEA range of
 * the register the request type names), with the egress queue depth at dequeue, saturated
 * at 255. The IPv4 total length and checksum follow.
 */
final class ProbeEgress {

	/** The DLV queue depth field's width. */
	private static final int MAX_QUEUE_DEPTH = 0xFF;

	private final SondeRegisters registers;

	ProbeEgress(SondeRegisters registers) {
		this.registers = registers;
	}

	/**
	 * Completes the probe ingress passed on, in place.
	 * @param switchId the INT node id; its low 8 bits are the DLV switch id
	 * @param queueDepth {@code deq_qdepth}
	 * @return the probe as it leaves
	 * @throws IllegalStateException when the frame is no longer the probe ingress checked
	 */
	GpintProbe apply(MutableFrame frame, long switchId, int queueDepth) {
		GpintProbe probe;
		try {
			probe = GpintProbeCodec.decodeFrame(frame.bytes(), 0, frame.length(), ProbeLimits.DEFAULT);
		}
		catch (MalformedTelemetry ex) {
			throw new IllegalStateException("a probe ingress accepted does not decode in egress", ex);
		}
		SourceRouteEntry entry = probe.sourceRoute().get(0);
		ProbeRegister register = (probe.requestType() == ProbeRequestType.RULE_HITS) ? ProbeRegister.RULE_HITS
				: ProbeRegister.PORT_PACKETS;
		List<Long> measurements = new ArrayList<>(entry.count());
		for (int i = 0; i < entry.count(); i++) {
			measurements.add(this.registers.read(register, entry.firstIndex() + i));
		}
		GpintProbe leaving = probe.afterHop(new ProbeHop((int) (switchId & 0xFF),
				Math.min(Math.max(queueDepth, 0), MAX_QUEUE_DEPTH), measurements));
		replace(frame, GpintProbeCodec.reframe(leaving, frame.bytes(), 0, frame.length()));
		return leaving;
	}

	/** Makes {@code frame} hold exactly {@code content}. */
	static void replace(MutableFrame frame, byte[] content) {
		int length = frame.length();
		if (content.length > length) {
			frame.insert(length, content.length - length);
		}
		else if (content.length < length) {
			frame.remove(content.length, length - content.length);
		}
		System.arraycopy(content, 0, frame.bytes(), 0, content.length);
	}

}
