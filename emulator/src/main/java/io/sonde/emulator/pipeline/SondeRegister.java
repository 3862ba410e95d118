package io.sonde.emulator.pipeline;

import io.sonde.p4programs.names.P4Registers;

/**
 * The registers of sonde.p4 with their P4Info names, sizes and element widths
 * ({@code SondeRegistersTests} holds them to {@code SondePipeline.p4Info()}).
 */
public enum SondeRegister {

	/**
	 * Per-hop change state, slot {@code filter_index × 8 + hop} (0 = hop before the
	 * sink).
	 */
	EVENT_LAST_HOP_VALUE(P4Registers.EventLastHopValue.NAME, 8192, 32),
	/** Path-sum change state per filter index. */
	EVENT_LAST_FLOW_SUM(P4Registers.EventLastFlowSum.NAME, 1024, 32),
	/** The moving average per filter index, updated every packet. */
	EVENT_FLOW_AVERAGE(P4Registers.EventFlowAverage.NAME, 1024, 32),
	/** The moving average at the flow's last event. */
	EVENT_REPORTED_AVERAGE(P4Registers.EventReportedAverage.NAME, 1024, 32),
	/**
	 * CNF literal metric (low nibble {@code EVENT_METRIC_*}, bit 4 maximum over hops).
	 */
	EVENT_CNF_METRIC(P4Registers.EventCnfMetric.NAME, 512, 8),
	/** CNF literal operator ({@code CNF_OP_*}, 0 = empty slot). */
	EVENT_CNF_OPERATOR(P4Registers.EventCnfOperator.NAME, 512, 8),
	/** CNF literal threshold. */
	EVENT_CNF_THRESHOLD(P4Registers.EventCnfThreshold.NAME, 512, 32),
	/** Next report sequence number per hw_id (TR-2.0 §3.2). */
	REPORT_SEQUENCE_NUMBER(P4Registers.ReportSequenceNumber.NAME, 64, 32),
	/**
	 * INT-label: when a specific flow last had a packet made specific, per flow index.
	 */
	LABEL_FLOW_LAST_TIME(P4Registers.LabelFlowLastTime.NAME, LabelFlow.LABEL_FLOWS, 48),
	/** INT-label Reg1: the last labeling time LT per egress port, 0 = never. */
	LABEL_LAST_TIME(P4Registers.LabelLastTime.NAME, SondePortCounter.SIZE, 48),
	/** INT-label Reg2: S per egress port; the interval is T >> S. */
	LABEL_SHIFT(P4Registers.LabelShift.NAME, SondePortCounter.SIZE, 8);

	private final String p4Name;

	private final int size;

	private final int bitWidth;

	SondeRegister(String p4Name, int size, int bitWidth) {
		this.p4Name = p4Name;
		this.size = size;
		this.bitWidth = bitWidth;
	}

	/** The register's full name in the P4Info. */
	public String p4Name() {
		return this.p4Name;
	}

	/** Elements in the register array. */
	public int size() {
		return this.size;
	}

	/** Bits of one element. */
	public int bitWidth() {
		return this.bitWidth;
	}

	/** Mask of an element's bits: a written value wraps to it as in P4. */
	public long mask() {
		return (1L << this.bitWidth) - 1;
	}

}
