package io.sonde.p4programs;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * sonde.p4's header layouts against the specifications' field tables (WIRE_FACTS.md
 * sections A and B), field by field, and the order in which the parser and deparser walk
 * the per-hop items against the instruction bitmap.
 */
class P4HeaderLayoutTests {

	/** The per-hop items in instruction bitmap order, bits 0-8 (INT-2.1 §5.8). */
	private static final List<String> HOP_ITEMS = List.of("int_switch_id", "int_level1_port_ids", "int_hop_latency",
			"int_q_occupancy", "int_ingress_tstamp", "int_egress_tstamp", "int_level2_port_ids", "int_egress_tx_util",
			"int_buffer");

	private final P4SourceModel source = SondeSources.model();

	private final String text = SondeSources.text();

	@Test
	void intShimIsTheV21TcpUdpShim() {
		// INT-2.1 §5.7.2: Type 4, NPT 2, R 2, Length 8, then (NPT 0)
		// reserved 8, DSCP 6, reserved 2.
		assertLayout("int_shim_t", "int_type", 4, "npt", 2, "reserved", 2, "len", 8, "reserved_byte", 8,
				"original_dscp", 6, "reserved_bits", 2);
	}

	@Test
	void intMdHeaderIsTheV21MetadataHeader() {
		// INT-2.1 §5.8: 12 bytes.
		assertLayout("int_md_t", "version", 4, "d", 1, "e", 1, "m", 1, "reserved", 12, "hop_ml", 5,
				"remaining_hop_count", 8, "instructions", 16, "domain_specific_id", 16, "ds_instructions", 16,
				"ds_flags", 16);
	}

	@Test
	void perHopItemsHaveTheV21Sizes() {
		// INT-2.1 §5.8 (WIRE_FACTS A.6, column v2.x).
		assertLayout("int_switch_id_t", "switch_id", 32);
		assertLayout("int_level1_port_ids_t", "ingress_port_id", 16, "egress_port_id", 16);
		assertLayout("int_hop_latency_t", "hop_latency", 32);
		assertLayout("int_q_occupancy_t", "q_id", 8, "q_occupancy", 24);
		assertLayout("int_ingress_tstamp_t", "ingress_tstamp", 64);
		assertLayout("int_egress_tstamp_t", "egress_tstamp", 64);
		assertLayout("int_level2_port_ids_t", "ingress_port_id", 32, "egress_port_id", 32);
		assertLayout("int_egress_tx_util_t", "egress_port_tx_util", 32);
		assertLayout("int_buffer_t", "buffer_id", 8, "buffer_occupancy", 24);
	}

	@Test
	void telemetryReportHeadersAreTheV20Ones() {
		// TR-2.0 §3.2, §3.3, §3.3.1.
		assertLayout("report_group_t", "version", 4, "hw_id", 6, "sequence_number", 22, "node_id", 32);
		assertLayout("report_individual_t", "rep_type", 4, "in_type", 4, "report_length", 8, "md_length", 8, "d", 1,
				"q", 1, "f", 1, "i", 1, "reserved", 4);
		assertLayout("report_int_contents_t", "rep_md_bits", 16, "domain_specific_id", 16, "ds_md_bits", 16,
				"ds_md_status", 16);
	}

	@Test
	void labelOptionAndItemAreTheDecidedLayout() {
		// INT-label (paper 004 Fig. 2, Fig. 4; p4-programs/README.md "INT-label").
		assertLayout("label_option_t", "nh", 8, "int_num", 8);
		assertLayout("label_item_t", "device_id", 32, "ingress_port", 16, "egress_port", 16, "label_time", 64,
				"hop_latency", 32, "queue_id", 8, "queue_depth", 24, "tx_utilization", 32, "shift", 8, "reason", 8,
				"reserved", 16);
		assertThat((long) bits("label_option_t") / 8).isEqualTo(this.source.constants.get("LABEL_OPTION_BYTES"));
		assertThat((long) bits("label_item_t") / 8).isEqualTo(this.source.constants.get("LABEL_ITEM_BYTES"));
	}

	@Test
	void deparserEmitsLabelsBehindIpv4NewestLast() {
		assertThat(inOrder(Pattern.compile("packet\\.emit\\(hdr\\.((?:ipv4|label_\\w+|probe_meta|tcp))\\)"), null))
			.containsExactly("ipv4", "label_option", "label_items", "label_new_item", "probe_meta", "tcp");
	}

	@Test
	void l2ToL4HeadersHaveTheirWireSizes() {
		assertThat(bits("ethernet_t")).isEqualTo(14 * 8);
		assertThat(bits("vlan_t")).isEqualTo(4 * 8);
		assertThat(bits("ipv4_t")).isEqualTo(20 * 8);
		assertThat(bits("ipv6_t")).isEqualTo(40 * 8);
		assertThat(bits("tcp_t")).isEqualTo(20 * 8);
		assertThat(bits("udp_t")).isEqualTo(8 * 8);
	}

	@Test
	void instructionBitsAreNumberedFromTheMostSignificant() {
		List<String> bits = List.of("INT_INSTR_SWITCH_ID", "INT_INSTR_L1_PORT_IDS", "INT_INSTR_HOP_LATENCY",
				"INT_INSTR_QUEUE", "INT_INSTR_INGRESS_TSTAMP", "INT_INSTR_EGRESS_TSTAMP", "INT_INSTR_L2_PORT_IDS",
				"INT_INSTR_TX_UTIL", "INT_INSTR_BUFFER");
		for (int bit = 0; bit < bits.size(); bit++) {
			assertThat(this.source.constants.get(bits.get(bit))).as(bits.get(bit)).isEqualTo(0x8000L >> bit);
		}
		// Bits 9-15: reserved and checksum complement.
		assertThat(this.source.constants.get("INT_INSTR_UNSUPPORTED")).isEqualTo(0x007FL);
	}

	@Test
	void largestHopIsEveryItemOnce() {
		int bits = HOP_ITEMS.stream().mapToInt((item) -> bits(item + "_t")).sum();
		assertThat((long) bits / 32).isEqualTo(this.source.constants.get("INT_MAX_HOP_WORDS"));
	}

	@Test
	void parserExtractsHopItemsInBitmapOrder() {
		assertThat(inOrder(Pattern.compile("packet\\.extract\\(hdr\\.(int_\\w+)\\.next\\)"), "int_raw_stack"))
			.isEqualTo(HOP_ITEMS);
	}

	@Test
	void deparserEmitsHopItemsInBitmapOrder() {
		Matcher macro = Pattern.compile("#define EMIT_INT_HOP\\(h\\)((?:[^\\n]*\\\\\\n)*[^\\n]*)").matcher(this.text);
		assertThat(macro.find()).isTrue();
		List<String> emitted = new ArrayList<>();
		Matcher emit = Pattern.compile("packet\\.emit\\(hdr\\.(\\w+)\\[h]\\)").matcher(macro.group(1));
		while (emit.find()) {
			emitted.add(emit.group(1));
		}
		assertThat(emitted).isEqualTo(HOP_ITEMS);
	}

	@Test
	void reportCarriesTheSinkMetadataInRepMdBitsOrder() {
		// TR-2.0 §3.3.1: RepMdBits 1, 2, 4, 5, 6 (the items the sink reports),
		// in bit order.
		assertThat(inOrder(Pattern.compile("packet\\.emit\\(hdr\\.(report_(?:level|hop|ingress|egress)\\w*)\\)"), null))
			.containsExactly("report_level1_port_ids", "report_hop_latency", "report_ingress_tstamp",
					"report_egress_tstamp", "report_level2_port_ids");
		long reported = 0x4000 | 0x2000 | 0x0800 | 0x0400 | 0x0200;
		assertThat(this.source.constants.get("SINK_REPORTED_METADATA")).isEqualTo(reported);
	}

	private List<String> inOrder(Pattern pattern, String except) {
		List<String> found = new ArrayList<>();
		Matcher matcher = pattern.matcher(this.text);
		while (matcher.find()) {
			if (!matcher.group(1).equals(except)) {
				found.add(matcher.group(1));
			}
		}
		return found;
	}

	private int bits(String header) {
		assertThat(this.source.headers).containsKey(header);
		return this.source.headers.get(header).values().stream().mapToInt(Integer::intValue).sum();
	}

	private void assertLayout(String header, Object... fieldsAndWidths) {
		Map<String, Integer> expected = new LinkedHashMap<>();
		for (int i = 0; i < fieldsAndWidths.length; i += 2) {
			expected.put((String) fieldsAndWidths[i], (Integer) fieldsAndWidths[i + 1]);
		}
		assertThat(this.source.headers.get(header)).as(header).containsExactlyEntriesOf(expected);
	}

}
