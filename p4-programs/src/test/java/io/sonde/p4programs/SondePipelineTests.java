package io.sonde.p4programs;

import java.util.HashSet;
import java.util.Set;

import io.sonde.p4runtime.info.P4InfoIndex;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class SondePipelineTests {

	private final P4SourceModel source = SondeSources.model();

	@Test
	void loadsTheP4InfoFromTheClasspath() {
		P4InfoIndex p4Info = SondePipeline.p4Info();

		assertThat(p4Info.p4Info().getPkgInfo().getArch()).isEqualTo("v1model");
		assertThat(p4Info.table("ipv4_lpm").matchField("dst_addr").bitwidth()).isEqualTo(32);
		assertThat(p4Info.action("set_next_hop").params()).hasSize(2);
		assertThat(p4Info.table("int_watchlist").needsPriority()).isTrue();
	}

	@Test
	void servesEveryP4SourceFromTheClasspath() {
		assertThat(SondePipeline.source("sonde.p4")).contains("V1Switch(");
		SondePipeline.SOURCE_FILES
			.forEach((file) -> assertThat(SondePipeline.source(file)).as(file).contains("SPDX-License-Identifier"));
	}

	@Test
	void namesTheMissingSourceFile() {
		assertThatIllegalArgumentException().isThrownBy(() -> SondePipeline.source("nope.p4"))
			.withMessageContaining("p4/nope.p4");
	}

	@Test
	void mirrorsTheSourcesConstants() {
		assertThat((long) SondePipeline.INT_REPORT_CLONE_SESSION_ID).isEqualTo(constant("INT_REPORT_CLONE_SESSION_ID"));
		assertThat((long) SondePipeline.PROBE_CLONE_SESSION_BASE).isEqualTo(constant("PROBE_CLONE_SESSION_BASE"));
		assertThat((long) SondePipeline.INT_DSCP).isEqualTo(constant("INT_DSCP"));
		assertThat((long) SondePipeline.MAX_INT_HOPS).isEqualTo(constant("MAX_INT_HOPS"));
		assertThat((long) SondePipeline.EVENT_FILTER_FLOWS).isEqualTo(constant("EVENT_FILTER_FLOWS"));
		assertThat((long) SondePipeline.CNF_EXPRESSIONS).isEqualTo(constant("EVENT_CNF_EXPRESSIONS"));
		assertThat((long) SondePipeline.CNF_CLAUSES).isEqualTo(constant("EVENT_CNF_CLAUSES"));
		assertThat((long) SondePipeline.CNF_LITERALS).isEqualTo(constant("EVENT_CNF_LITERALS"));
		assertThat((long) SondePipeline.CNF_AGGREGATE_MAX).isEqualTo(constant("CNF_AGGREGATE_MAX"));
		assertThat((long) SondePipeline.MAX_PORTS).isEqualTo(constant("MAX_PORTS"));
	}

	@Test
	void mirrorsTheLabelConstants() {
		assertThat((long) SondePipeline.IP_PROTO_INT_LABEL).isEqualTo(constant("IP_PROTO_INT_LABEL")).isEqualTo(254);
		assertThat((long) SondePipeline.LABEL_SPECIFIC_FLOW).isEqualTo(constant("LABEL_SPECIFIC_FLOW"));
		assertThat((long) SondePipeline.LABEL_COUNT_MASK).isEqualTo(constant("LABEL_COUNT_MASK"));
		assertThat((long) SondePipeline.LABEL_OPTION_BYTES).isEqualTo(constant("LABEL_OPTION_BYTES"));
		assertThat((long) SondePipeline.LABEL_ITEM_BYTES).isEqualTo(constant("LABEL_ITEM_BYTES"));
		assertThat((long) SondePipeline.MAX_LABEL_ITEMS).isEqualTo(constant("MAX_LABEL_ITEMS"));
		assertThat((long) SondePipeline.LABEL_EXPORT_CLONE_SESSION_ID)
			.isEqualTo(constant("LABEL_EXPORT_CLONE_SESSION_ID"))
			.isEqualTo(501);
		assertThat((long) SondePipeline.LABEL_FLOWS).isEqualTo(constant("LABEL_FLOWS"));
		assertThat((long) SondePipeline.LABEL_PROBABILITY_ALWAYS).isEqualTo(constant("LABEL_PROBABILITY_ALWAYS"));
		assertThat((long) SondePipeline.LABEL_EXPORT_L4_BYTES).isEqualTo(constant("LABEL_EXPORT_L4_BYTES"));
		assertThat((long) SondePipeline.LABEL_CARRIED_COUNTS).isEqualTo(constant("LABEL_CARRIED_COUNTS"));
		for (SondePipeline.LabelMode mode : SondePipeline.LabelMode.values()) {
			assertThat((long) mode.code()).as(mode.name()).isEqualTo(constant("LABEL_MODE_" + mode.name()));
		}
		for (SondePipeline.LabelDecision decision : SondePipeline.LabelDecision.values()) {
			assertThat((long) decision.code()).as(decision.name())
				.isEqualTo(constant("LABEL_REASON_" + decision.name()));
		}
		assertThat(SondePipeline.LabelMode.values()).hasSize(constantsStartingWith("LABEL_MODE_"));
		assertThat(SondePipeline.LabelDecision.values()).hasSize((int) constant("LABEL_REASONS"));
		// Reg2 holds S up to LABEL_MAX_SHIFT, and the mode parameter every mode.
		assertThat(SondePipeline.p4Info().register("label_shift").getTypeSpec().getBitstring().getBit().getBitwidth())
			.isGreaterThanOrEqualTo(32 - Integer.numberOfLeadingZeros(SondePipeline.LABEL_MAX_SHIFT));
		assertThat(1 << SondePipeline.p4Info().action("set_label_settings").param("mode").bitwidth())
			.isGreaterThanOrEqualTo(SondePipeline.LabelMode.values().length);
	}

	@Test
	void labelCountersCellsCoverEveryPortOnce() {
		Set<Integer> decisions = new HashSet<>();
		Set<Integer> carried = new HashSet<>();
		for (int port = 0; port < SondePipeline.MAX_PORTS; port++) {
			for (SondePipeline.LabelDecision decision : SondePipeline.LabelDecision.values()) {
				decisions.add(SondePipeline.labelDecisionCell(port, decision));
			}
			for (int items = 0; items <= SondePipeline.MAX_LABEL_ITEMS; items++) {
				carried.add(SondePipeline.labelCarriedCell(port, items));
			}
		}
		assertThat(decisions).hasSize((int) constant("LABEL_DECISION_CELLS"))
			.allSatisfy((cell) -> assertThat(cell).isBetween(0, (int) constant("LABEL_DECISION_CELLS") - 1));
		assertThat(carried).hasSize((int) constant("LABEL_CARRIED_CELLS"))
			.allSatisfy((cell) -> assertThat(cell).isBetween(0, (int) constant("LABEL_CARRIED_CELLS") - 1));
		assertThat(SondePipeline.p4Info().counter("label_decisions").getSize()).isEqualTo(decisions.size());
		assertThat(SondePipeline.p4Info().counter("label_carried").getSize()).isEqualTo(carried.size());
		// The P4 side: p * LABEL_REASONS + reason, p * LABEL_CARRIED_COUNTS + items.
		assertThat(SondePipeline.labelDecisionCell(3, SondePipeline.LabelDecision.PROBABILITY)).isEqualTo(3 * 4 + 2);
		assertThat(SondePipeline.labelCarriedCell(3, 5)).isEqualTo(3 * 9 + 5);
	}

	@Test
	void rejectsLabelCellsOutsideTheCounters() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> SondePipeline.labelDecisionCell(512, SondePipeline.LabelDecision.FULL))
			.withMessageContaining("port 512");
		assertThatIllegalArgumentException().isThrownBy(() -> SondePipeline.labelCarriedCell(0, 9))
			.withMessageContaining("item count 9");
		assertThatIllegalArgumentException().isThrownBy(() -> SondePipeline.labelCarriedCell(-1, 0));
	}

	@Test
	void mirrorsEveryEventCode() {
		for (SondePipeline.EventAlgorithm algorithm : SondePipeline.EventAlgorithm.values()) {
			assertThat((long) algorithm.code()).as(algorithm.name())
				.isEqualTo(constant("EVENT_ALGO_" + algorithm.name()));
		}
		for (SondePipeline.EventMetric metric : SondePipeline.EventMetric.values()) {
			assertThat((long) metric.code()).as(metric.name()).isEqualTo(constant("EVENT_METRIC_" + metric.name()));
		}
		for (SondePipeline.CnfOperator operator : SondePipeline.CnfOperator.values()) {
			assertThat((long) operator.code()).as(operator.name()).isEqualTo(constant("CNF_OP_" + operator.name()));
		}
		assertThat(SondePipeline.EventAlgorithm.values()).hasSize(constantsStartingWith("EVENT_ALGO_"));
		assertThat(SondePipeline.EventMetric.values()).hasSize(constantsStartingWith("EVENT_METRIC_"));
		assertThat(SondePipeline.CnfOperator.values()).hasSize(constantsStartingWith("CNF_OP_"));
		// fast_detection's algorithm parameter has room for exactly these codes.
		assertThat(SondePipeline.p4Info().action("fast_detection").param("algorithm").bitwidth())
			.isEqualTo(Integer.numberOfTrailingZeros(SondePipeline.EventAlgorithm.values().length));
	}

	@Test
	void cnfLiteralIndexesFillTheCnfRegistersOnce() {
		Set<Integer> indexes = new HashSet<>();
		for (int e = 0; e < SondePipeline.CNF_EXPRESSIONS; e++) {
			for (int c = 0; c < SondePipeline.CNF_CLAUSES; c++) {
				for (int l = 0; l < SondePipeline.CNF_LITERALS; l++) {
					int index = SondePipeline.cnfLiteralIndex(e, c, l);
					assertThat(index).isBetween(0, (int) constant("EVENT_CNF_SLOTS") - 1);
					assertThat(indexes.add(index)).as("index of %d/%d/%d is new", e, c, l).isTrue();
				}
			}
		}
		assertThat(SondePipeline.p4Info().register("event_cnf_threshold").getSize()).isEqualTo(indexes.size());
		// The P4 side lays expression e's literals out from e * clauses * literals.
		assertThat(SondePipeline.cnfLiteralIndex(3, 0, 0))
			.isEqualTo(3 * (int) (constant("EVENT_CNF_CLAUSES") * constant("EVENT_CNF_LITERALS")));
		assertThat(SondePipeline.cnfLiteralIndex(3, 2, 1))
			.isEqualTo(SondePipeline.cnfLiteralIndex(3, 0, 0) + 2 * (int) constant("EVENT_CNF_LITERALS") + 1);
	}

	@Test
	void rejectsCnfLiteralsOutsideTheRegisters() {
		assertThatIllegalArgumentException().isThrownBy(() -> SondePipeline.cnfLiteralIndex(64, 0, 0))
			.withMessageContaining("expression 64");
		assertThatIllegalArgumentException().isThrownBy(() -> SondePipeline.cnfLiteralIndex(0, 4, 0));
		assertThatIllegalArgumentException().isThrownBy(() -> SondePipeline.cnfLiteralIndex(0, 0, -1));
	}

	private int constantsStartingWith(String prefix) {
		return (int) this.source.constants.keySet().stream().filter((name) -> name.startsWith(prefix)).count();
	}

	private long constant(String name) {
		assertThat(this.source.constants).containsKey(name);
		return this.source.constants.get(name);
	}

}
