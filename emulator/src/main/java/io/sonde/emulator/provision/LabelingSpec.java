package io.sonde.emulator.provision;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import io.sonde.emulator.pipeline.LabelProbability;
import io.sonde.emulator.pipeline.LabelSettings;
import io.sonde.emulator.traffic.FlowSpec;

/**
 * How the emulator's controller sets up INT-label on every switch
 * (INTLABEL-DECISIONS.md): the mode, the labeling interval T, the rest time T1, MAX_hop
 * and Base B's probability function for {@code label_settings} and
 * {@code label_probability}, and the specific flows, each entered in {@code label_flows}
 * of the switch its source host attaches to. With labeling on, every host-facing port is
 * a {@code label_sink_ports} entry and clone session 501 goes to the CPU port, so last
 * hops export to the controller.
 *
 * @param mode off, Base A or Base B
 * @param intervalMicros T in microseconds (1 .. 2^32 - 1)
 * @param restMicros T1 in microseconds (0 .. T)
 * @param maxHop MAX_hop (2 .. 255; a packet carries at most 8 items in any case)
 * @param probability Base B's f, written for n = 0 .. MAX_hop
 * @param specificFlows the flows labeled at every hop
 */
public record LabelingSpec(Mode mode, long intervalMicros, long restMicros, int maxHop, Probability probability,
		List<SpecificFlow> specificFlows) {

	/** {@code set_label_settings}' mode. */
	public enum Mode {

		/** No labeling (and nothing written). */
		OFF(LabelSettings.OFF),
		/** Base A: interval-based labeling. */
		BASE_A(LabelSettings.BASE_A),
		/** Base B: interval-based, else by the probability function. */
		BASE_B(LabelSettings.BASE_B);

		private final int code;

		Mode(int code) {
			this.code = code;
		}

		/** The action parameter. */
		public int code() {
			return this.code;
		}

	}

	/** Base B's probability functions of the paper's §6 (f(n), n = items carried). */
	public enum Probability {

		/** f(0) = 0, f(n >= 1) = 1 (the paper's default). */
		F1,
		/** f(n) = n / (MAX_hop - 1), capped at 1. */
		F2,
		/** F2 scaled by the elapsed share of the interval, (CT - LT) / (T >> S). */
		F3

	}

	/**
	 * A flow labeled at every hop.
	 *
	 * @param flow the flow (hosts, protocol, ports)
	 * @param sampleIntervalMicros microseconds between its specific packets, 0 = every
	 * packet
	 */
	public record SpecificFlow(FlowSpec flow, long sampleIntervalMicros) {

		public SpecificFlow {
			Objects.requireNonNull(flow, "flow");
			if (sampleIntervalMicros < 0 || sampleIntervalMicros > 0xFFFF_FFFFL) {
				throw new IllegalArgumentException(
						"a sample interval is bit<32> microseconds: " + sampleIntervalMicros);
			}
		}

	}

	/** Labeling off: T 50 ms, T1 0, MAX_hop 5, F1 (sonde.p4's defaults), no flows. */
	public static final LabelingSpec OFF = new LabelingSpec(Mode.OFF, 50_000, 0, 5, Probability.F1, List.of());

	public LabelingSpec {
		Objects.requireNonNull(mode, "mode");
		Objects.requireNonNull(probability, "probability");
		specificFlows = List.copyOf(specificFlows);
		if (intervalMicros < 1 || intervalMicros > 0xFFFF_FFFFL) {
			throw new IllegalArgumentException("the labeling interval T is 1 .. 2^32 - 1 µs: " + intervalMicros);
		}
		if (restMicros < 0 || restMicros > intervalMicros) {
			throw new IllegalArgumentException("the rest time T1 is 0 .. T (" + intervalMicros + " µs): " + restMicros);
		}
		if (maxHop < 2 || maxHop > 255) {
			throw new IllegalArgumentException("MAX_hop is 2 .. 255: " + maxHop);
		}
		if (specificFlows.size() > io.sonde.emulator.pipeline.LabelFlow.LABEL_FLOWS) {
			throw new IllegalArgumentException(specificFlows.size() + " specific flows, sonde.p4 holds "
					+ io.sonde.emulator.pipeline.LabelFlow.LABEL_FLOWS);
		}
	}

	/** Base A or B with this T (µs), T1 0, MAX_hop 5, F1, no specific flow. */
	public static LabelingSpec of(Mode mode, long intervalMicros) {
		return new LabelingSpec(mode, intervalMicros, 0, 5, Probability.F1, List.of());
	}

	public LabelingSpec withRest(long micros) {
		return new LabelingSpec(this.mode, this.intervalMicros, micros, this.maxHop, this.probability,
				this.specificFlows);
	}

	public LabelingSpec withMaxHop(int hops) {
		return new LabelingSpec(this.mode, this.intervalMicros, this.restMicros, hops, this.probability,
				this.specificFlows);
	}

	public LabelingSpec withProbability(Probability function) {
		return new LabelingSpec(this.mode, this.intervalMicros, this.restMicros, this.maxHop, function,
				this.specificFlows);
	}

	public LabelingSpec withSpecificFlows(List<SpecificFlow> flows) {
		return new LabelingSpec(this.mode, this.intervalMicros, this.restMicros, this.maxHop, this.probability, flows);
	}

	/** Whether anything is to be written: labeling on or a specific flow. */
	public boolean enabled() {
		return this.mode != Mode.OFF || !this.specificFlows.isEmpty();
	}

	/** The default action of {@code label_settings}. */
	public LabelSettings settings() {
		return new LabelSettings(this.mode.code(), this.intervalMicros, this.restMicros, this.maxHop);
	}

	/**
	 * The {@code label_probability} actions for n = 0 .. MAX_hop: threshold = f(n) x
	 * 65536, {@link LabelProbability#ALWAYS} where f(n) reaches 1.
	 */
	public List<LabelProbability> probabilities() {
		List<LabelProbability> actions = new ArrayList<>(this.maxHop + 1);
		for (int n = 0; n <= this.maxHop; n++) {
			actions.add(probability(n));
		}
		return actions;
	}

	private LabelProbability probability(int items) {
		if (this.probability == Probability.F1) {
			return (items == 0) ? LabelProbability.NEVER : new LabelProbability(LabelProbability.ALWAYS, false);
		}
		long threshold = Math.round(items * 65536.0 / (this.maxHop - 1));
		boolean scaled = this.probability == Probability.F3;
		return new LabelProbability((int) Math.min(threshold, LabelProbability.ALWAYS), scaled);
	}

}
