package io.sonde.emulator.pipeline;

import io.sonde.p4programs.SondePipeline;
import io.sonde.p4programs.SondePipeline.EventAlgorithm;
import io.sonde.p4programs.SondePipeline.EventMetric;
import io.sonde.p4programs.names.P4Actions;

/**
 * The action an {@code event_filter_flows} lookup ran (paper 003 §III-C):
 * {@code report_every_packet} (the default), {@code fast_detection(filter_index,
 * algorithm, metric, threshold, ema_weight)} or
 * {@code complex_detection(expression_index)}.
 *
 * @param mode which action: {@link #MODE_REPORT_ALL}, {@link #MODE_FAST},
 * {@link #MODE_COMPLEX} ({@code EVENT_MODE_*})
 * @param filterIndex register slot of the flow's state (10 bits)
 * @param algorithm {@code EVENT_ALGO_*} (2 bits)
 * @param metric {@code EVENT_METRIC_*} (8 bits; unknown codes read 0)
 * @param threshold the change that makes an event (32 bits)
 * @param emaWeight weight of the new sample in 1/256 (8 bits)
 * @param expressionIndex the CNF expression of {@code complex_detection} (6 bits)
 */
public record EventFilterAction(int mode, int filterIndex, int algorithm, int metric, long threshold, int emaWeight,
		int expressionIndex) {

	/** {@code EVENT_MODE_REPORT_ALL}. */
	public static final int MODE_REPORT_ALL = 0;

	/** {@code EVENT_MODE_FAST}. */
	public static final int MODE_FAST = 1;

	/** {@code EVENT_MODE_COMPLEX}. */
	public static final int MODE_COMPLEX = 2;

	/** {@code report_every_packet()}, the default action. */
	public static final EventFilterAction REPORT_EVERY_PACKET = new EventFilterAction(MODE_REPORT_ALL, 0, 0, 0, 0, 0,
			0);

	public EventFilterAction {
		if (mode < MODE_REPORT_ALL || mode > MODE_COMPLEX) {
			throw new IllegalArgumentException("event filter mode must be 0, 1 or 2: " + mode);
		}
		ActionParams.check(P4Actions.FastDetection.ALIAS, P4Actions.FastDetection.FILTER_INDEX, filterIndex, 10);
		ActionParams.check(P4Actions.FastDetection.ALIAS, P4Actions.FastDetection.ALGORITHM, algorithm, 2);
		ActionParams.check(P4Actions.FastDetection.ALIAS, P4Actions.FastDetection.METRIC, metric, 8);
		ActionParams.check(P4Actions.FastDetection.ALIAS, P4Actions.FastDetection.THRESHOLD, threshold, 32);
		ActionParams.check(P4Actions.FastDetection.ALIAS, P4Actions.FastDetection.EMA_WEIGHT, emaWeight, 8);
		ActionParams.check(P4Actions.ComplexDetection.ALIAS, P4Actions.ComplexDetection.EXPRESSION_INDEX,
				expressionIndex, 6);
	}

	/** {@code fast_detection(filter_index, algorithm, metric, threshold, ema_weight)}. */
	public static EventFilterAction fastDetection(int filterIndex, int algorithm, int metric, long threshold,
			int emaWeight) {
		return new EventFilterAction(MODE_FAST, filterIndex, algorithm, metric, threshold, emaWeight, 0);
	}

	/** {@link #fastDetection(int, int, int, long, int)} with the pipeline's codes. */
	public static EventFilterAction fastDetection(int filterIndex, EventAlgorithm algorithm, EventMetric metric,
			long threshold, int emaWeight) {
		return fastDetection(filterIndex, algorithm.code(), metric.code(), threshold, emaWeight);
	}

	/** {@code complex_detection(expression_index)}. */
	public static EventFilterAction complexDetection(int expressionIndex) {
		if (expressionIndex >= SondePipeline.CNF_EXPRESSIONS) {
			throw new IllegalArgumentException("no CNF expression " + expressionIndex);
		}
		return new EventFilterAction(MODE_COMPLEX, 0, 0, 0, 0, 0, expressionIndex);
	}

}
