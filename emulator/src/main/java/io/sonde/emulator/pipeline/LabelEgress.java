package io.sonde.emulator.pipeline;

import io.sonde.p4programs.SondePipeline;

import java.util.function.IntSupplier;

import static io.sonde.emulator.pipeline.WireBytes.put16;
import static io.sonde.emulator.pipeline.WireBytes.put32;
import static io.sonde.emulator.pipeline.WireBytes.put64;
import static io.sonde.emulator.pipeline.WireBytes.put8;
import static io.sonde.emulator.pipeline.WireBytes.u16;
import static io.sonde.emulator.pipeline.WireBytes.u8;

/**
 * Egress stage 3 of sonde.p4, INT-label (INTLABEL-DECISIONS.md "What a switch does"): the
 * labeling decision of the egress port (Base A, Base B with its probability table, a
 * specific flow at every hop, the full cap), the item appended after the others, Reg1 :=
 * CT; then, at a last hop ({@code label_sink_ports}), the export of the packet as it
 * would have left to clone session 501 and its restoration (protocol := nh, option and
 * items removed). Counts {@code label_decisions}, {@code label_carried} and
 * {@code label_exports}. Base B's draws come from the switch's own seeded stream, so a
 * virtual-time run repeats.
 */
final class LabelEgress {

	/**
	 * Reason cell of {@code label_decisions} for a packet not labeled for lack of room.
	 */
	static final int FULL = SondePipeline.LabelDecision.FULL.code();

	static final int INTERVAL = SondePipeline.LabelDecision.INTERVAL.code();

	static final int PROBABILITY = SondePipeline.LabelDecision.PROBABILITY.code();

	static final int SPECIFIC_FLOW = SondePipeline.LabelDecision.SPECIFIC_FLOW.code();

	private static final int NOT_LABELED = -1;

	private static final int MAX_QUEUE_DEPTH = 0xFF_FFFF;

	private static final long TX_UTILIZATION_NOT_MEASURED = 0xFFFF_FFFFL;

	private final SondeTables tables;

	private final SondeRegisters registers;

	private final IntSupplier random16;

	private final LabelExportSink exports;

	/**
	 * @param random16 Base B's random draws: each call gives 16 random bits, as BMv2's
	 * {@code random(r, 0, 0xFFFF)}
	 * @param exports where a last hop's exports go
	 */
	LabelEgress(SondeTables tables, SondeRegisters registers, IntSupplier random16, LabelExportSink exports) {
		this.tables = tables;
		this.registers = registers;
		this.random16 = random16;
		this.exports = exports;
	}

	/**
	 * Runs the stage for a packet leaving its queue (NORMAL instance).
	 * @param frame the packet, changed in place
	 * @param parsed its headers as egress parsed them
	 * @param meta the egress metadata
	 * @param switchId the INT node id, the items' device id
	 */
	void apply(MutableFrame frame, ParsedHeaders parsed, EgressMetadata meta, long switchId) {
		if (!parsed.labelEligible || meta.egressPort == SondeIngress.CPU_PORT
				|| meta.ingressPort == SondeIngress.CPU_PORT) {
			return;
		}
		int port = meta.egressPort;
		LabelSettings settings = this.tables.labelSettings();
		if (settings.mode() != LabelSettings.OFF) {
			int reason = decide(settings, parsed, port, meta.egressTimestamp, frame.length());
			if (reason != NOT_LABELED) {
				this.registers.count(LabelCounter.DECISIONS, port * LabelCounter.REASONS + reason, frame.length());
			}
			if (reason > FULL) {
				label(frame, parsed, meta, switchId, reason);
			}
		}
		if (parsed.label() && this.tables.labelSinkPorts(port, frame.length())) {
			export(frame, parsed, meta);
			restore(frame, parsed);
		}
		this.registers.count(LabelCounter.CARRIED, port * LabelCounter.ITEM_COUNTS + parsed.labelItems, frame.length());
	}

	/** The reason to label, {@link #FULL}, or {@link #NOT_LABELED}. */
	private int decide(LabelSettings settings, ParsedHeaders parsed, int port, long now, int packetBytes) {
		int items = parsed.labelItems;
		int limit = settings.limit();
		if (parsed.labelSpecific && items < limit) {
			return SPECIFIC_FLOW;
		}
		if (items >= limit) {
			return FULL;
		}
		int shift = (int) this.registers.read(SondeRegister.LABEL_SHIFT, port);
		long last = this.registers.read(SondeRegister.LABEL_LAST_TIME, port);
		long elapsed = (now - last) & IntWire.TIMESTAMP_MASK;
		long interval = settings.interval(shift);
		if (last == 0 || elapsed > interval) {
			return INTERVAL;
		}
		if (settings.mode() != LabelSettings.BASE_B || elapsed < settings.rest(shift)) {
			return NOT_LABELED;
		}
		LabelProbability probability = this.tables.labelProbability(items, packetBytes);
		// p = threshold / 65536, ALWAYS standing for 65536, times elapsed / interval when
		// scaled: a 16-bit draw r labels when r x interval < threshold x elapsed. Here
		// elapsed <= interval < 2^48, so neither product overflows.
		long threshold = (probability.threshold() == LabelProbability.ALWAYS) ? 1 << 16 : probability.threshold();
		if (threshold == 0 || (threshold == 1 << 16 && !probability.scaleByInterval())) {
			return (threshold == 0) ? NOT_LABELED : PROBABILITY;
		}
		long draw = this.random16.getAsInt() & 0xFFFF;
		boolean labels = probability.scaleByInterval() ? draw * interval < threshold * elapsed : draw < threshold;
		return labels ? PROBABILITY : NOT_LABELED;
	}

	/**
	 * Appends this hop's item (adding the option first when there is none); Reg1 := CT.
	 */
	private void label(MutableFrame frame, ParsedHeaders parsed, EgressMetadata meta, long switchId, int reason) {
		int ip = parsed.ipOffset;
		int grow = IntWire.LABEL_ITEM_BYTES;
		int item;
		if (parsed.label()) {
			item = parsed.labelOffset + parsed.labelBytes();
			frame.insert(item, grow);
		}
		else {
			int option = ip + IntWire.IPV4_HEADER_BYTES;
			grow += IntWire.LABEL_OPTION_BYTES;
			frame.insert(option, grow);
			byte[] bytes = frame.bytes();
			put8(bytes, option, u8(bytes, ip + 9));
			put8(bytes, option + 1, 0);
			put8(bytes, ip + 9, IntWire.IP_PROTO_INT_LABEL);
			parsed.labelOffset = option;
			item = option + IntWire.LABEL_OPTION_BYTES;
		}
		byte[] bytes = frame.bytes();
		int port = meta.egressPort;
		long now = meta.egressTimestamp;
		put32(bytes, item, switchId);
		put16(bytes, item + 4, meta.ingressPort);
		put16(bytes, item + 6, port);
		put64(bytes, item + 8, now);
		put32(bytes, item + 16, (now - meta.ingressTimestamp) & 0xFFFF_FFFFL);
		put32(bytes, item + 20, Math.min(meta.queueDepth, MAX_QUEUE_DEPTH));
		put32(bytes, item + 24, TX_UTILIZATION_NOT_MEASURED);
		put8(bytes, item + 28, (int) this.registers.read(SondeRegister.LABEL_SHIFT, port));
		put8(bytes, item + 29, reason);
		put16(bytes, item + 30, 0);
		put8(bytes, parsed.labelOffset + 1, u8(bytes, parsed.labelOffset + 1) + 1);
		put16(bytes, ip + 2, u16(bytes, ip + 2) + grow);
		parsed.labelItems++;
		this.registers.write(SondeRegister.LABEL_LAST_TIME, port, now);
	}

	/**
	 * The packet as it would have left, to the export session; counted whether or not the
	 * session is configured, as the clone is asked for either way.
	 */
	private void export(MutableFrame frame, ParsedHeaders parsed, EgressMetadata meta) {
		this.registers.count(LabelCounter.EXPORTS, meta.egressPort, frame.length());
		int sessionPort = this.tables.cloneSessionPort(LabelExportSink.EXPORT_CLONE_SESSION_ID);
		if (sessionPort < 0) {
			return;
		}
		Ipv4Checksum.update(frame.bytes(), parsed.ipOffset);
		this.exports.export(sessionPort, meta.ingressPort, frame.bytes(), frame.length());
	}

	/** Protocol := nh, the option and the items removed, total length restored. */
	static void restore(MutableFrame frame, ParsedHeaders parsed) {
		int ip = parsed.ipOffset;
		int option = parsed.labelOffset;
		int bytesToRemove = parsed.labelBytes();
		byte[] bytes = frame.bytes();
		put8(bytes, ip + 9, u8(bytes, option));
		put16(bytes, ip + 2, u16(bytes, ip + 2) - bytesToRemove);
		frame.remove(option, bytesToRemove);
		parsed.labelOffset = -1;
		parsed.labelItems = 0;
		parsed.labelSpecific = false;
	}

}
