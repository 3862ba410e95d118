package io.sonde.p4programs;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The sizes sizes.p4 derives by hand, the unrolled loops that must match them, and the
 * style rules every table follows (a default action, a direct counter, a named size).
 */
class P4SourceSizesTests {

	private final P4SourceModel source = SondeSources.model();

	private final String text = SondeSources.text();

	@Test
	void derivedSizesAreTheProductsTheirCommentsSay() {
		assertThat(constant("EVENT_HOP_SLOTS")).isEqualTo(constant("EVENT_FILTER_FLOWS") * constant("MAX_INT_HOPS"));
		assertThat(constant("EVENT_CNF_SLOTS")).isEqualTo(
				constant("EVENT_CNF_EXPRESSIONS") * constant("EVENT_CNF_CLAUSES") * constant("EVENT_CNF_LITERALS"));
		assertThat(constant("MAX_INT_STACK_WORDS")).isEqualTo(constant("MAX_INT_HOPS") * constant("INT_MAX_HOP_WORDS"));
		assertThat(constant("LABEL_DECISION_CELLS")).isEqualTo(constant("MAX_PORTS") * constant("LABEL_REASONS"));
		assertThat(constant("LABEL_CARRIED_CELLS")).isEqualTo(constant("MAX_PORTS") * constant("LABEL_CARRIED_COUNTS"));
	}

	@Test
	void labelSizesHoldEveryItemCountAndFlowIndex() {
		// Item counts 0 .. MAX_LABEL_ITEMS: carried cells and probability entries.
		assertThat(constant("LABEL_CARRIED_COUNTS")).isEqualTo(constant("MAX_LABEL_ITEMS") + 1);
		assertThat(constant("LABEL_PROBABILITY_TABLE_SIZE")).isGreaterThan(constant("MAX_LABEL_ITEMS"));
		// One cell per reason code, FULL (0) to SPECIFIC_FLOW.
		assertThat(constant("LABEL_REASONS")).isEqualTo(constant("LABEL_REASON_SPECIFIC_FLOW") + 1);
		// label_specific_flow picks its cell by flow_index[9:0].
		assertThat(constant("LABEL_FLOWS")).isEqualTo(1L << 10);
		assertThat(this.text).contains("(bit<32>) flow_index[9:0]");
		// The items arrive whole in one varbit as wide as MAX_LABEL_ITEMS items.
		assertThat(constant("LABEL_ITEMS_BITS")).isEqualTo(constant("MAX_LABEL_ITEMS") * bits("label_item_t"));
		assertThat(this.text).contains("varbit<LABEL_ITEMS_BITS>");
		assertThat(bits("label_item_t")).isEqualTo(constant("LABEL_ITEM_BYTES") * 8);
		// The count bits of int_num reach past every count the header holds.
		assertThat(constant("LABEL_COUNT_MASK")).isGreaterThan(constant("MAX_LABEL_ITEMS"));
		assertThat(constant("LABEL_COUNT_MASK") | constant("LABEL_SPECIFIC_FLOW")).isEqualTo(0xFF);
	}

	@Test
	void registerIndexTypesCoverTheirRegistersExactly() {
		// No control-plane value can index past a register, and every slot is reachable.
		assertThat(1L << this.source.typedefs.get("event_filter_index_t")).isEqualTo(constant("EVENT_FILTER_FLOWS"));
		assertThat(1L << this.source.typedefs.get("cnf_expression_index_t"))
			.isEqualTo(constant("EVENT_CNF_EXPRESSIONS"));
		assertThat(1L << this.source.typedefs.get("report_hw_id_t")).isEqualTo(constant("REPORT_HW_IDS"));
		assertThat(1L << this.source.typedefs.get("port_t")).isEqualTo(constant("MAX_PORTS"));
	}

	@Test
	void hopLoopsRunOverEveryHopTheStacksHold() {
		Matcher macro = Pattern.compile("#define FOR_EACH_INT_HOP\\(X\\)(.*)").matcher(this.text);
		assertThat(macro.find()).isTrue();
		List<Long> hops = new ArrayList<>();
		Matcher hop = Pattern.compile("X\\((\\d+)\\)").matcher(macro.group(1));
		while (hop.find()) {
			hops.add(Long.parseLong(hop.group(1)));
		}
		assertThat(hops).hasSize((int) constant("MAX_INT_HOPS"));
		for (int i = 0; i < hops.size(); i++) {
			assertThat(hops.get(i)).isEqualTo(i);
		}
	}

	@Test
	void headerStacksAreBoundedByTheNamedSizes() {
		this.source.structs.get("headers_t").forEach((name, member) -> {
			if (member.stackSize() != null) {
				String expected = switch (name) {
					case "int_raw_stack" -> "MAX_INT_STACK_WORDS";
					case "probe_hop_mea" -> "PROBE_MAX_MEASUREMENTS";
					default -> "MAX_INT_HOPS";
				};
				assertThat(member.stackSize()).as("size of stack %s", name).isEqualTo(expected);
			}
		});
		assertThat(this.source.structs.get("headers_t").values().stream().filter((m) -> m.stackSize() != null))
			.hasSize(11);
		// The issue asks for probes of at least 64 hops.
		assertThat(constant("MAX_PROBE_HOPS")).isGreaterThanOrEqualTo(64);
	}

	@Test
	void probeEntryVarbitsHoldMaxProbeHopsEntries() {
		// The SR entries behind the top one and the earlier hops' DLV entries
		// are carried whole.
		long srEntryBits = bits("probe_sr_t");
		long dlvEntryBits = bits("probe_dlv_t");
		assertThat(constant("PROBE_SR_REST_BITS")).isEqualTo((constant("MAX_PROBE_HOPS") - 1) * srEntryBits);
		assertThat(constant("PROBE_DLV_REST_BITS")).isEqualTo(constant("MAX_PROBE_HOPS") * dlvEntryBits);
		assertThat(this.text).contains("varbit<PROBE_SR_REST_BITS>", "varbit<PROBE_DLV_REST_BITS>");
		assertThat(this.source.structs.get("headers_t")).containsKeys("probe_sr", "probe_sr_rest", "probe_dlv",
				"probe_dlv_rest");
	}

	private long bits(String header) {
		return this.source.headers.get(header).values().stream().mapToInt(Integer::intValue).sum();
	}

	@Test
	void probeMeasurementLoopCoversEveryPositionAndEveryCellARangeNames() {
		Matcher macro = Pattern.compile("#define FOR_EACH_PROBE_MEASUREMENT\\(X\\)(.*\\n.*)").matcher(this.text);
		assertThat(macro.find()).isTrue();
		List<Long> positions = new ArrayList<>();
		Matcher position = Pattern.compile("X\\((\\d+)\\)").matcher(macro.group(1));
		while (position.find()) {
			positions.add(Long.parseLong(position.group(1)));
		}
		assertThat(positions).hasSize((int) constant("PROBE_MAX_MEASUREMENTS"));
		for (int i = 0; i < positions.size(); i++) {
			assertThat(positions.get(i)).isEqualTo(i);
		}
		// A MEA range starts at cell 0..255 and names up to PROBE_MAX_MEASUREMENTS cells.
		long lastCell = 255 + constant("PROBE_MAX_MEASUREMENTS") - 1;
		assertThat(constant("PROBE_RULE_HIT_CELLS")).isGreaterThan(lastCell);
		assertThat(constant("MAX_PORTS")).isGreaterThan(lastCell);
		assertThat(1L << 15).as("one feedback cell per 15-bit request id").isEqualTo(constant("PROBE_REQUEST_IDS"));
	}

	@Test
	void cnfEvaluationUnrollsEveryClauseAndLiteral() {
		assertThat(count("(?m)^\\s*CNF_CLAUSE\\(\\d\\)\\s*$")).isEqualTo(constant("EVENT_CNF_CLAUSES"));
		assertThat(count("CNF_LITERAL\\(c, \\d\\)")).isEqualTo(constant("EVENT_CNF_LITERALS"));
	}

	@Test
	void everyTableHasADefaultActionADirectCounterAndANamedSize() {
		assertThat(this.source.tables).isNotEmpty();
		this.source.tables.values().forEach((table) -> {
			assertThat(table.actions()).as("actions of %s", table.name()).contains(table.defaultAction());
			assertThat(table.directCounter()).as("direct counter of %s", table.name()).isNotNull();
			assertThat(this.source.directCounters).containsKey(table.directCounter());
		});
		Matcher size = Pattern.compile("\\bsize\\s*=\\s*(\\w+)\\s*;").matcher(this.text);
		while (size.find()) {
			assertThat(size.group(1)).as("table size").matches("[A-Z][A-Z0-9_]*");
		}
	}

	private long count(String regex) {
		return Pattern.compile(regex).matcher(this.text).results().count();
	}

	private long constant(String name) {
		assertThat(this.source.constants).containsKey(name);
		return this.source.constants.get(name);
	}

}
