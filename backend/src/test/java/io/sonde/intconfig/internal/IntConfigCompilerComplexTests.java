package io.sonde.intconfig.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

import io.sonde.intconfig.IntConfigDocument;
import io.sonde.intconfig.IntConfigDocument.CnfLiteral;
import io.sonde.intconfig.IntConfigDocument.EventFilter;
import io.sonde.intconfig.IntConfigDocument.ReportSession;
import io.sonde.intconfig.IntConfigDocument.SwitchIntConfig;
import io.sonde.intconfig.IntConfigRejected;
import io.sonde.p4programs.SondePipeline;
import io.sonde.p4programs.SondePipeline.CnfOperator;
import io.sonde.p4programs.SondePipeline.EventMetric;
import io.sonde.p4programs.entries.FlowKey;
import io.sonde.p4programs.entries.SondeEntities;
import org.junit.jupiter.api.Test;
import p4.v1.Entity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A complex event filter's expression: every literal slot of expression 0 written (unused
 * ones cleared), each operator and aggregate by its code, and each limit of the
 * expression, its clauses and literals.
 */
class IntConfigCompilerComplexTests {

	private static final ReportSession REPORT = new ReportSession("10.9.0.1", 9999, null, null, 3, null);

	private final IntConfigCompiler compiler = new IntConfigCompiler(
			(name) -> Optional.of(new SwitchFacts(name, 5, 0x0200_0000_0005L, List.of(1))));

	private final SondeEntities entities = SondeEntities.ofPipeline();

	@Test
	void fillsEveryClauseAndLiteralSlotClearingTheUnusedOnes() {
		List<List<CnfLiteral>> expression = List.of(
				List.of(literal("hop-latency", "max", ">", 1L), literal("queue-occupancy", "sum", ">=", 2L)),
				List.of(literal("tx-utilization", null, "<", 3L), literal("buffer-occupancy", "max", "<=", 4L)),
				List.of(literal("Hop-Latency", null, "==", 0L), literal("hop-latency", null, "!=", 0xFFFF_FFFFL)));

		List<Entity> expected = new ArrayList<>();
		expected.addAll(
				slot(0, 0, EventMetric.HOP_LATENCY.code() | SondePipeline.CNF_AGGREGATE_MAX, CnfOperator.GREATER, 1));
		expected.addAll(slot(0, 1, EventMetric.QUEUE_OCCUPANCY.code(), CnfOperator.GREATER_OR_EQUAL, 2));
		expected.addAll(slot(1, 0, EventMetric.TX_UTILIZATION.code(), CnfOperator.LESS, 3));
		expected.addAll(slot(1, 1, EventMetric.BUFFER_OCCUPANCY.code() | SondePipeline.CNF_AGGREGATE_MAX,
				CnfOperator.LESS_OR_EQUAL, 4));
		expected.addAll(slot(2, 0, EventMetric.HOP_LATENCY.code(), CnfOperator.EQUAL, 0));
		expected.addAll(slot(2, 1, EventMetric.HOP_LATENCY.code(), CnfOperator.NOT_EQUAL, 0xFFFF_FFFFL));
		expected.addAll(slot(3, 0, 0, CnfOperator.NONE, 0));
		expected.addAll(slot(3, 1, 0, CnfOperator.NONE, 0));
		expected.add(this.entities.complexDetection(FlowKey.ANY, IntConfigCompiler.DEFAULT_PRIORITY, 0));

		assertThat(filterEntities(expression)).containsExactlyElementsOf(expected);
	}

	@Test
	void takesAsManyClausesAsAnExpressionHolds() {
		List<List<CnfLiteral>> clauses = new ArrayList<>();
		for (int c = 0; c < SondePipeline.CNF_CLAUSES; c++) {
			clauses.add(List.of(literal("hop-latency", null, ">", (long) c)));
		}
		assertThat(filterEntities(clauses)).hasSize(SondePipeline.CNF_CLAUSES * SondePipeline.CNF_LITERALS * 3 + 1);
		List<List<CnfLiteral>> tooMany = new ArrayList<>(clauses);
		tooMany.add(List.of(literal("hop-latency", null, ">", 9L)));
		rejectedAt(tooMany, "expression");
	}

	@Test
	void namesTheFieldOfEachMalformedPart() {
		rejectedAt(null, "expression");
		rejectedAt(List.of(), "expression");
		rejectedAt(List.of(List.of()), "expression[0]");
		CnfLiteral fine = literal("hop-latency", null, ">", 1L);
		rejectedAt(List.of(List.of(fine, fine, fine)), "expression[0]");
		rejectedAt(List.of(List.of(fine), Arrays.asList(fine, null)), "expression[1][1].metric");
		rejectedAt(List.of(List.of(literal(null, null, ">", 1L))), "expression[0][0].metric");
		rejectedAt(List.of(List.of(literal("jitter", null, ">", 1L))), "expression[0][0].metric");
		rejectedAt(List.of(List.of(literal("hop-latency", "avg", ">", 1L))), "expression[0][0].aggregate");
		rejectedAt(List.of(List.of(literal("hop-latency", null, null, 1L))), "expression[0][0].operator");
		rejectedAt(List.of(List.of(literal("hop-latency", null, "=>", 1L))), "expression[0][0].operator");
		rejectedAt(List.of(List.of(literal("hop-latency", null, ">", null))), "expression[0][0].threshold");
		rejectedAt(List.of(List.of(literal("hop-latency", null, ">", -1L))), "expression[0][0].threshold");
		rejectedAt(List.of(List.of(literal("hop-latency", null, ">", 0x1_0000_0000L))), "expression[0][0].threshold");
	}

	private static CnfLiteral literal(String metric, String aggregate, String operator, Long threshold) {
		return new CnfLiteral(metric, aggregate, operator, threshold);
	}

	private List<Entity> slot(int clause, int literal, int metric, CnfOperator operator, long threshold) {
		return this.entities.cnfLiteral(SondePipeline.cnfLiteralIndex(0, clause, literal), metric, operator.code(),
				threshold);
	}

	/** What follows the sink's node id, mirror, collector and port. */
	private List<Entity> filterEntities(List<List<CnfLiteral>> expression) {
		List<Entity> sink = this.compiler.compile(new IntConfigDocument(REPORT, List.of(sink(expression)))).get("edge");
		return sink.subList(4, sink.size());
	}

	private static SwitchIntConfig sink(List<List<CnfLiteral>> expression) {
		return new SwitchIntConfig("edge", List.of("transit", "sink"), null, null, null,
				new EventFilter("complex", null, null, null, null, expression));
	}

	private void rejectedAt(List<List<CnfLiteral>> expression, String field) {
		assertThatThrownBy(() -> this.compiler.compile(new IntConfigDocument(REPORT, List.of(sink(expression)))))
			.isInstanceOfSatisfying(IntConfigRejected.class,
					(rejected) -> assertThat(rejected.problems()).extracting(IntConfigRejected.FieldProblem::field)
						.containsExactly("switches[0].eventFilter." + field));
	}

}
