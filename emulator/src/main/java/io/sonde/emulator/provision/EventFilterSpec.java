package io.sonde.emulator.provision;

import java.util.List;

import io.sonde.p4programs.SondePipeline;
import io.sonde.p4programs.SondePipeline.CnfOperator;
import io.sonde.p4programs.SondePipeline.EventAlgorithm;
import io.sonde.p4programs.SondePipeline.EventMetric;

/**
 * How the INT sink's event pre-filter (paper 003 §III-C; p4-programs README, "Event
 * pre-filter") treats one flow's packets: report every one, report on a fast-detection
 * event, or report when a CNF expression over the path holds.
 */
public sealed interface EventFilterSpec {

	/** {@code report_every_packet}: the sink reports every INT packet of the flow. */
	EventFilterSpec EVERY_PACKET = new EveryPacket();

	/** {@code report_every_packet}, the table's default. */
	record EveryPacket() implements EventFilterSpec {
	}

	/**
	 * {@code fast_detection}: noop, per-hop change, per-flow sum change or moving average
	 * of a metric, against a threshold.
	 *
	 * @param algorithm the detection algorithm
	 * @param metric the INT metadata it watches
	 * @param threshold the change that makes an event, in the metric's unit (switch clock
	 * ticks for latency, packets for queue occupancy)
	 * @param emaWeight weight of a new sample in 1/256 (moving average only)
	 */
	record FastDetection(EventAlgorithm algorithm, EventMetric metric, long threshold,
			int emaWeight) implements EventFilterSpec {

		public FastDetection {
			if (algorithm == null || metric == null) {
				throw new IllegalArgumentException("fast detection needs an algorithm and a metric");
			}
			if (threshold < 0 || threshold > 0xFFFF_FFFFL) {
				throw new IllegalArgumentException("a threshold is 32 bits: " + threshold);
			}
			if (emaWeight < 0 || emaWeight > 255) {
				throw new IllegalArgumentException("an EMA weight is 0..255 (in 1/256): " + emaWeight);
			}
		}

	}

	/**
	 * {@code complex_detection}: a CNF expression (FastReact's), of at most
	 * {@value SondePipeline#CNF_CLAUSES} clauses of {@value SondePipeline#CNF_LITERALS}
	 * literals; a clause holds if one of its literals does, the expression if every
	 * clause with a literal does.
	 */
	record ComplexDetection(List<CnfLiteral> literals) implements EventFilterSpec {

		public ComplexDetection {
			literals = List.copyOf(literals);
			long distinct = literals.stream()
				.map((l) -> l.clause() * SondePipeline.CNF_LITERALS + l.literal())
				.distinct()
				.count();
			if (distinct != literals.size()) {
				throw new IllegalArgumentException("two CNF literals share a (clause, literal) slot: " + literals);
			}
		}

	}

	/**
	 * One literal: the path's sum (or maximum) of a metric compared with a threshold.
	 *
	 * @param clause 0..{@value SondePipeline#CNF_CLAUSES} - 1
	 * @param literal 0..{@value SondePipeline#CNF_LITERALS} - 1
	 * @param metric the metric
	 * @param maximumOverHops the maximum over the hops instead of the sum
	 * @param operator the comparison
	 * @param threshold the value compared with
	 */
	record CnfLiteral(int clause, int literal, EventMetric metric, boolean maximumOverHops, CnfOperator operator,
			long threshold) {

		public CnfLiteral {
			SondePipeline.cnfLiteralIndex(0, clause, literal);
			if (metric == null || operator == null) {
				throw new IllegalArgumentException("a CNF literal needs a metric and an operator");
			}
			if (threshold < 0 || threshold > 0xFFFF_FFFFL) {
				throw new IllegalArgumentException("a threshold is 32 bits: " + threshold);
			}
		}

		/** The metric register value: the metric code, bit 4 for the maximum. */
		int metricCode() {
			return this.metric.code() | (this.maximumOverHops ? SondePipeline.CNF_AGGREGATE_MAX : 0);
		}

	}

}
