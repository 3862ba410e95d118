package io.sonde.emulator.pipeline;

import java.util.Objects;
import java.util.Optional;

import io.sonde.p4programs.codec.GpintProbeCodec;
import io.sonde.p4programs.codec.ProbeKind;

/**
 * {@code control SondeIngress} of sonde.p4 on a frame's bytes, stage by stage: 1 the
 * ingress port counter, the GPINT port-packets register and the timestamp and port the
 * report needs; 2 L3 forwarding (ECMP included, counted in the GPINT rule-hits register);
 * 3 GPINT probes ({@link ProbeIngress}: a probe, source-routed, skips 2, 4 and 5); 4 the
 * INT sink with the event pre-filter and the report clone; 5 the INT source; 6
 * INT-label's specific flows ({@link LabelIngress}). The parser runs first, as v1model
 * runs it before ingress.
 * <p>
 * One instance per switch, used by one thread; it reuses its scratch state for every
 * packet and allocates nothing unless a packet is cloned or gets INT.
 */
public final class SondeIngress {

	/**
	 * {@code CPU_PORT}: where a completed probe, a feedback to the monitoring module and
	 * a recovery notification go, and where an injected PacketOut comes in.
	 */
	public static final int CPU_PORT = 510;

	private final SondeRegisters registers;

	private final Forwarding forwarding;

	private final IntSink intSink;

	private final IntSource intSource;

	private final ProbeIngress probes;

	private final LabelIngress labels;

	private final ParsedHeaders headers = new ParsedHeaders();

	public SondeIngress(SondeTables tables, SondeRegisters registers) {
		this(tables, registers, GroundTruth.listenerOnly());
	}

	/**
	 * @param tables the switch's tables
	 * @param registers its registers and port counters
	 * @param groundTruth where the INT stacks a sink strips are shown
	 */
	public SondeIngress(SondeTables tables, SondeRegisters registers, GroundTruth groundTruth) {
		Objects.requireNonNull(tables, "tables");
		this.registers = Objects.requireNonNull(registers, "registers");
		this.forwarding = new Forwarding(tables, registers);
		this.probes = new ProbeIngress(tables);
		this.intSink = new IntSink(tables, registers, Objects.requireNonNull(groundTruth, "groundTruth"));
		this.intSource = new IntSource(tables);
		this.labels = new LabelIngress(tables, registers);
	}

	/**
	 * Runs the parser and ingress on one frame, changing it in place (the array may be
	 * replaced when INT needs more room than it has: read {@link MutableFrame#bytes()}
	 * afterwards).
	 * @param frame the frame as received
	 * @param packetId the emulator's id of the packet (ground truth)
	 * @param ingressPort {@code standard_metadata.ingress_port}
	 * @param ingressTimestamp {@code ingress_global_timestamp}, the switch's 48-bit clock
	 * @param result where the decision goes (reset first)
	 */
	public void apply(MutableFrame frame, long packetId, int ingressPort, long ingressTimestamp, IngressResult result) {
		int port = ingressPort & IntWire.PORT_MASK;
		long timestamp = ingressTimestamp & IntWire.TIMESTAMP_MASK;
		ParsedHeaders parsed = this.headers;
		SondeParser.parse(frame.bytes(), frame.length(), parsed);
		result.reset(packetId);

		// 1. Bookkeeping every packet gets.
		this.registers.count(SondePortCounter.INGRESS, port, frame.length());
		this.registers.increment(ProbeRegister.PORT_PACKETS, port);

		// 3. GPINT: a probe is source-routed, never routed by IP nor given INT.
		Optional<ProbeKind> probe = (parsed.ipv4 && parsed.vlanOffset < 0)
				? GpintProbeCodec.recognise(parsed.ipProto, parsed.dscp) : Optional.empty();
		if (probe.isPresent()) {
			this.probes.apply(frame, probe.get(), port, result);
			return;
		}

		// 2. L3 forwarding: the egress port the INT roles depend on. The action's header
		// writes wait until the sink has taken its clone of the packet as received; they
		// touch only Ethernet and the TTL, which nothing in between reads.
		NextHop nextHop = this.forwarding.lookup(frame.bytes(), parsed);
		result.egressPort = Forwarding.egressSpec(nextHop);

		// 4. INT sink: event pre-filter, report clone, INT stripped.
		int sink = this.intSink.apply(frame, parsed, result.egressPort, timestamp, port, result);
		Forwarding.rewrite(frame.bytes(), parsed, nextHop);

		// 5. INT source: watchlist flows get INT headers; their first hop is
		// pushed in egress.
		boolean intValid = parsed.intMd && sink != IntSink.SINK_STRIPPED;
		if (!intValid) {
			intValid = this.intSource.apply(frame, parsed, sink != IntSink.NOT_SINK);
		}
		result.bridged = (intValid ? IngressResult.BRIDGED_INT_VALID : 0)
				| (parsed.parsedCleanly() ? 0 : IngressResult.BRIDGED_PARSER_ERROR);

		// 6. INT-label: a specific flow's packet gets bit 7 of int_num (the option added
		// if need be). Last, since it moves everything after the IPv4 header.
		this.labels.apply(frame, parsed, port, timestamp);
	}

}
