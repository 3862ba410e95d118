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
