package io.sonde.emulator.pipeline;

import static io.sonde.emulator.pipeline.WireBytes.put16;
import static io.sonde.emulator.pipeline.WireBytes.put8;
import static io.sonde.emulator.pipeline.WireBytes.u16;
import static io.sonde.emulator.pipeline.WireBytes.u8;

/**
 * INT-label's ingress stage of sonde.p4 ({@code label_ingress}): counts an option that
 * did not parse, and makes a packet of a specific flow specific (paper §3.3): when
 * {@code label_flows} names its 5-tuple and the flow's sample interval has passed since
 * its last specific packet ({@code label_flow_last_time}), int_num gets bit 7, the option
 * being added (int_num 0x80, no items) when the packet has none. Applies to IPv4 user
 * packets only: never to a packet from the CPU port.
 */
final class LabelIngress {

	private final SondeTables tables;

	private final SondeRegisters registers;

	LabelIngress(SondeTables tables, SondeRegisters registers) {
		this.tables = tables;
		this.registers = registers;
	}

	/**
	 * @param frame the packet, changed in place (the option may be added)
	 * @param parsed its headers
	 * @param ingressPort {@code standard_metadata.ingress_port}
	 * @param now {@code ingress_global_timestamp}
	 */
	void apply(MutableFrame frame, ParsedHeaders parsed, int ingressPort, long now) {
		if (parsed.labelMalformed) {
			this.registers.count(LabelCounter.MALFORMED, 0, frame.length());
			return;
		}
		if (!parsed.labelEligible || ingressPort == SondeIngress.CPU_PORT) {
			return;
		}
		LabelFlow flow = this.tables.labelFlows(parsed.ipv4Src, parsed.ipv4Dst, parsed.ipProto, parsed.l4SrcPort,
				parsed.l4DstPort, frame.length());
		if (!flow.specific()) {
			return;
		}
		// The index's low bits pick the cell, as flow_index[9:0] does.
		int cell = flow.flowIndex() & (LabelFlow.LABEL_FLOWS - 1);
		long last = this.registers.read(SondeRegister.LABEL_FLOW_LAST_TIME, cell);
		long elapsed = (now - last) & IntWire.TIMESTAMP_MASK;
		if (last != 0 && flow.sampleIntervalMicros() != 0 && elapsed <= flow.sampleIntervalMicros()) {
			return;
		}
		this.registers.write(SondeRegister.LABEL_FLOW_LAST_TIME, cell, now);
		markSpecific(frame, parsed);
	}

	private static void markSpecific(MutableFrame frame, ParsedHeaders parsed) {
		if (parsed.label()) {
			int at = parsed.labelOffset + 1;
			put8(frame.bytes(), at, u8(frame.bytes(), at) | IntWire.LABEL_SPECIFIC_FLOW);
			parsed.labelSpecific = true;
			return;
		}
		int ip = parsed.ipOffset;
		int option = ip + IntWire.IPV4_HEADER_BYTES;
		frame.insert(option, IntWire.LABEL_OPTION_BYTES);
		byte[] bytes = frame.bytes();
		put8(bytes, option, u8(bytes, ip + 9));
		put8(bytes, option + 1, IntWire.LABEL_SPECIFIC_FLOW);
		put8(bytes, ip + 9, IntWire.IP_PROTO_INT_LABEL);
		put16(bytes, ip + 2, u16(bytes, ip + 2) + IntWire.LABEL_OPTION_BYTES);
		parsed.labelOffset = option;
		parsed.labelItems = 0;
		parsed.labelSpecific = true;
	}

}
