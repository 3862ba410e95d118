package io.sonde.emulator.pipeline;

/**
 * {@code control EventFilter} (event_filter.p4): paper 003's event pre-filter at the sink
 * (§III-C). The flow's {@code event_filter_flows} entry picks every packet
 * ({@code report_every_packet}), a {@code fast_detection} algorithm with its metric and
 * threshold, or a {@code complex_detection} CNF expression from the registers; the
 * verdict says whether the packet is an event worth a report. State lives in the
 * registers exactly where the P4 keeps it, and a value is stored only when it makes an
 * event.
 */
final class EventFilter {

	private static final int ALGO_NOOP = 0;

	private static final int ALGO_PER_HOP_CHANGE = 1;

	private static final int ALGO_FLOW_SUM_CHANGE = 2;

	private static final int ALGO_MOVING_AVERAGE = 3;

	/** {@code CNF_AGGREGATE_MAX}, {@code CNF_METRIC_MASK}. */
	private static final int CNF_AGGREGATE_MAX = 0x10;

	private static final int CNF_METRIC_MASK = 0x0F;

	private static final int CNF_CLAUSES = 4;

	private static final int CNF_LITERALS = 2;

	private final SondeTables tables;

	private final SondeRegisters registers;

	private final StackMetrics stack = new StackMetrics();

	EventFilter(SondeTables tables, SondeRegisters registers) {
		this.tables = tables;
		this.registers = registers;
	}

	/** The apply block: {@code meta.event.report}. */
	boolean apply(byte[] frame, ParsedHeaders headers) {
		this.stack.clear();
		EventFilterAction action = this.tables.eventFilterFlows(headers.ipv4Src, headers.ipv4Dst, headers.ipProto,
				headers.l4SrcPort, headers.l4DstPort, headers.frameLength);
		return switch (action.mode()) {
			case EventFilterAction.MODE_FAST -> fastDetection(frame, headers, action);
			case EventFilterAction.MODE_COMPLEX -> complexDetection(frame, headers, action.expressionIndex());
			default -> true;
		};
	}

	private boolean fastDetection(byte[] frame, ParsedHeaders headers, EventFilterAction action) {
		int slot = action.filterIndex();
		return switch (action.algorithm()) {
			case ALGO_NOOP -> true;
			case ALGO_PER_HOP_CHANGE -> perHopChange(frame, headers, action);
			case ALGO_FLOW_SUM_CHANGE -> {
				long sum = this.stack.sum(frame, headers, action.metric());
				yield storeIfMoved(SondeRegister.EVENT_LAST_FLOW_SUM, slot, sum, action.threshold());
			}
			case ALGO_MOVING_AVERAGE -> {
				long average = EventMetrics.emaStep(this.registers.read(SondeRegister.EVENT_FLOW_AVERAGE, slot),
						this.stack.sum(frame, headers, action.metric()), action.emaWeight());
				this.registers.write(SondeRegister.EVENT_FLOW_AVERAGE, slot, average);
				yield storeIfMoved(SondeRegister.EVENT_REPORTED_AVERAGE, slot, average, action.threshold());
			}
			default -> false;
		};
	}

	// CHECK_HOP_CHANGE unrolled over the hop positions the packet carries: every hop
	// that moved stores its value, and any one makes the event.
	private boolean perHopChange(byte[] frame, ParsedHeaders headers, EventFilterAction action) {
		boolean report = false;
		for (int position = 0; position < IntWire.MAX_INT_HOPS; position++) {
			if (headers.hopCount > position) {
				long value = this.stack.hop(frame, headers, action.metric(), position);
				int slot = action.filterIndex() * IntWire.MAX_INT_HOPS + position;
				report |= storeIfMoved(SondeRegister.EVENT_LAST_HOP_VALUE, slot, value, action.threshold());
			}
		}
		return report;
	}

	private boolean storeIfMoved(SondeRegister register, int slot, long value, long threshold) {
		if (EventMetrics.absDiff(value, this.registers.read(register, slot)) > threshold) {
			this.registers.write(register, slot, value);
			return true;
		}
		return false;
	}

	// CNF_CLAUSE x 4: a clause holds when one of its used literals does and is skipped
	// when all its operators are empty; the expression holds when every clause does.
	private boolean complexDetection(byte[] frame, ParsedHeaders headers, int expression) {
		int base = expression * CNF_CLAUSES * CNF_LITERALS;
		boolean expressionHolds = true;
		for (int clause = 0; clause < CNF_CLAUSES; clause++) {
			boolean clauseUsed = false;
			boolean clauseHolds = false;
			for (int literal = 0; literal < CNF_LITERALS; literal++) {
				int slot = base + clause * CNF_LITERALS + literal;
				int metric = (int) this.registers.read(SondeRegister.EVENT_CNF_METRIC, slot);
				int operator = (int) this.registers.read(SondeRegister.EVENT_CNF_OPERATOR, slot);
				long threshold = this.registers.read(SondeRegister.EVENT_CNF_THRESHOLD, slot);
				if (operator != 0) {
					clauseUsed = true;
					clauseHolds |= EventMetrics.literalHolds(pathValue(frame, headers, metric), operator, threshold);
				}
			}
			if (clauseUsed && !clauseHolds) {
				expressionHolds = false;
			}
		}
		return expressionHolds;
	}

	// path_value: bit 4 of the literal's metric picks the maximum over the hops.
	private long pathValue(byte[] frame, ParsedHeaders headers, int literalMetric) {
		int metric = literalMetric & CNF_METRIC_MASK;
		return ((literalMetric & CNF_AGGREGATE_MAX) != 0) ? this.stack.max(frame, headers, metric)
				: this.stack.sum(frame, headers, metric);
	}

}
