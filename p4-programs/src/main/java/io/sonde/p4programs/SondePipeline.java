package io.sonde.p4programs;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

import io.sonde.p4runtime.info.P4InfoIndex;

/**
 * The sonde.p4 pipeline as it travels on the classpath: its P4Info (the source of truth
 * for control-plane names and ids), its P4 source files, and the values the control plane
 * writes into its tables and registers that the P4Info cannot say (codes, the report
 * clone session). Each value mirrors a constant of the P4 source, and a test holds them
 * equal.
 */
public final class SondePipeline {

	/** Classpath location of the P4Info, in protobuf text format. */
	public static final String P4INFO_RESOURCE = "p4info/sonde.p4info.txtpb";

	/** Classpath folder of the P4_16 sources. */
	public static final String SOURCE_FOLDER = "p4/";

	/**
	 * The P4 source files, in the order {@code sonde.p4} includes them, then sonde.p4.
	 */
	public static final List<String> SOURCE_FILES = List.of("defines.p4", "sizes.p4", "headers.p4", "int_headers.p4",
			"report_headers.p4", "probe_headers.p4", "label_headers.p4", "metadata.p4", "event_metrics.p4", "parser.p4",
			"forwarding.p4", "int_source.p4", "event_filter.p4", "int_sink.p4", "int_transit.p4", "int_report.p4",
			"probe.p4", "label.p4", "sonde.p4");

	/**
	 * Clone session of the INT sink's telemetry reports: the control plane binds it to
	 * the port toward the collector with a CloneSessionEntry
	 * ({@code INT_REPORT_CLONE_SESSION_ID}).
	 */
	public static final int INT_REPORT_CLONE_SESSION_ID = 500;

	/**
	 * Clone sessions of GPINT probes: session {@code PROBE_CLONE_SESSION_BASE + p} must
	 * send to port {@code p}, for every port a probe arrives on or leaves by, the CPU
	 * port included (the feedback and SQR's stored copy are clones to those ports).
	 */
	public static final int PROBE_CLONE_SESSION_BASE = 1024;

	/**
	 * The CPU port ({@code CPU_PORT}): simple_switch_grpc {@code --cpu-port 510} and the
	 * emulator's; packet_out comes from it, packet_in goes to it.
	 */
	public static final int CPU_PORT = 510;

	/** DSCP that marks INT-MD over TCP/UDP, INT-2.1 §5.7.2 ({@code INT_DSCP}). */
	public static final int INT_DSCP = 0x17;

	/** Ports a per-port register or counter has cells for ({@code MAX_PORTS}). */
	public static final int MAX_PORTS = 512;

	/** Hops an INT stack can hold in sonde.p4 ({@code MAX_INT_HOPS}). */
	public static final int MAX_INT_HOPS = 8;

	/** Filter indexes of {@code fast_detection} ({@code EVENT_FILTER_FLOWS}). */
	public static final int EVENT_FILTER_FLOWS = 1024;

	/** {@code complex_detection} expressions ({@code EVENT_CNF_EXPRESSIONS}). */
	public static final int CNF_EXPRESSIONS = 64;

	/** Clauses per expression ({@code EVENT_CNF_CLAUSES}). */
	public static final int CNF_CLAUSES = 4;

	/** Literals per clause ({@code EVENT_CNF_LITERALS}). */
	public static final int CNF_LITERALS = 2;

	/** Bit 4 of a CNF literal's metric: maximum over the hops instead of the sum. */
	public static final int CNF_AGGREGATE_MAX = 0x10;

	/**
	 * INT-label: the IPv4 protocol number that says an INT OPTION follows
	 * ({@code IP_PROTO_INT_LABEL}).
	 */
	public static final int IP_PROTO_INT_LABEL = 254;

	/**
	 * Bit 7 of the option's {@code int_num}: a specific flow, labeled at every hop
	 * ({@code LABEL_SPECIFIC_FLOW}).
	 */
	public static final int LABEL_SPECIFIC_FLOW = 0x80;

	/** The item count's bits of {@code int_num} ({@code LABEL_COUNT_MASK}). */
	public static final int LABEL_COUNT_MASK = 0x7F;

	/** Bytes of the INT OPTION ({@code LABEL_OPTION_BYTES}). */
	public static final int LABEL_OPTION_BYTES = 2;

	/** Bytes of one item ({@code LABEL_ITEM_BYTES}). */
	public static final int LABEL_ITEM_BYTES = 32;

	/**
	 * Items a packet can carry through sonde.p4 ({@code MAX_LABEL_ITEMS}): the parser's
	 * header stack; a packet with more is forwarded unchanged and counted malformed.
	 */
	public static final int MAX_LABEL_ITEMS = 8;

	/**
	 * Clone session of the last hop's export: the control plane binds it to the CPU port
	 * ({@code LABEL_EXPORT_CLONE_SESSION_ID}).
	 */
	public static final int LABEL_EXPORT_CLONE_SESSION_ID = 501;

	/**
	 * Flow indexes of {@code label_specific_flow}, one sampling register cell each
	 * ({@code LABEL_FLOWS}).
	 */
	public static final int LABEL_FLOWS = 1024;

	/**
	 * The {@code label_probability} threshold that means probability 1
	 * ({@code LABEL_PROBABILITY_ALWAYS}); any other threshold t means t / 65536.
	 */
	public static final int LABEL_PROBABILITY_ALWAYS = 0xFFFF;

	/**
	 * Bytes of the L4 header an export keeps behind the items; sonde.p4 cuts the rest
	 * ({@code LABEL_EXPORT_L4_BYTES}).
	 */
	public static final int LABEL_EXPORT_L4_BYTES = 8;

	/**
	 * {@code label_carried} cells per port: item counts 0 .. {@link #MAX_LABEL_ITEMS}.
	 */
	public static final int LABEL_CARRIED_COUNTS = 9;

	/**
	 * The largest S the control plane writes into {@code label_shift} (the interval
	 * becomes T >> S).
	 */
	public static final int LABEL_MAX_SHIFT = 15;

	private static volatile P4InfoIndex p4Info;

	private SondePipeline() {
	}

	/** The algorithm parameter of {@code fast_detection} (paper 003 §III-C). */
	public enum EventAlgorithm {

		/** Every packet of the flow is reported. */
		NOOP(0),
		/**
		 * Some hop's value changed by more than the threshold since it was last reported.
		 */
		PER_HOP_CHANGE(1),
		/** The sum over the path changed by more than the threshold. */
		FLOW_SUM_CHANGE(2),
		/** The moving average of the path sum changed by more than the threshold. */
		MOVING_AVERAGE(3);

		private final int code;

		EventAlgorithm(int code) {
			this.code = code;
		}

		public int code() {
			return this.code;
		}

	}

	/** The metadata type of {@code fast_detection} and of a CNF literal. */
	public enum EventMetric {

		HOP_LATENCY(1), QUEUE_OCCUPANCY(2), TX_UTILIZATION(3), BUFFER_OCCUPANCY(4);

		private final int code;

		EventMetric(int code) {
			this.code = code;
		}

		public int code() {
			return this.code;
		}

	}

	/** How a CNF literal compares its path value with its threshold. */
	public enum CnfOperator {

		/** An empty literal slot; a clause of empty slots is ignored. */
		NONE(0), GREATER(1), GREATER_OR_EQUAL(2), LESS(3), LESS_OR_EQUAL(4), EQUAL(5), NOT_EQUAL(6);

		private final int code;

		CnfOperator(int code) {
			this.code = code;
		}

		public int code() {
			return this.code;
		}

	}

	/** {@code label_settings}' mode ({@code LABEL_MODE_*}). */
	public enum LabelMode {

		/** No labeling; a last hop still extracts the labels a packet carries. */
		OFF(0),
		/** Interval-based labeling (paper 004 Algorithm 1). */
		BASE_A(1),
		/** Interval, then probability by item count (paper 004 Algorithm 2). */
		BASE_B(2);

		private final int code;

		LabelMode(int code) {
			this.code = code;
		}

		public int code() {
			return this.code;
		}

	}

	/**
	 * A port's labeling decision: the item's reason byte for the three that label, and
	 * the {@code label_decisions} cell of each ({@code LABEL_REASON_*}).
	 */
	public enum LabelDecision {

		/** Not labeled: the packet already carries as many items as it may. */
		FULL(0),
		/** The port's interval T >> S had elapsed. */
		INTERVAL(1),
		/** Base B's probability f(item count). */
		PROBABILITY(2),
		/** A specific flow: labeled at every hop. */
		SPECIFIC_FLOW(3);

		private final int code;

		LabelDecision(int code) {
			this.code = code;
		}

		public int code() {
			return this.code;
		}

	}

	/**
	 * The {@code label_decisions} cell counting {@code decision} on {@code port}:
	 * {@code port * 4 + code}.
	 */
	public static int labelDecisionCell(int port, LabelDecision decision) {
		requirePort(port);
		return port * LabelDecision.values().length + decision.code();
	}

	/**
	 * The {@code label_carried} cell of packets leaving by {@code port} with
	 * {@code items} items: {@code port * 9 + items}.
	 */
	public static int labelCarriedCell(int port, int items) {
		requirePort(port);
		if (items < 0 || items > MAX_LABEL_ITEMS) {
			throw new IllegalArgumentException("item count " + items + " is not in 0-" + MAX_LABEL_ITEMS);
		}
		return port * LABEL_CARRIED_COUNTS + items;
	}

	private static void requirePort(int port) {
		if (port < 0 || port >= MAX_PORTS) {
			throw new IllegalArgumentException("port " + port + " is not in 0-" + (MAX_PORTS - 1));
		}
	}

	/**
	 * Index, in the {@code event_cnf_*} registers, of one literal of a
	 * {@code complex_detection} expression: (expression × clauses + clause) × literals +
	 * literal.
	 */
	public static int cnfLiteralIndex(int expression, int clause, int literal) {
		if (expression < 0 || expression >= CNF_EXPRESSIONS || clause < 0 || clause >= CNF_CLAUSES || literal < 0
				|| literal >= CNF_LITERALS) {
			throw new IllegalArgumentException("no CNF literal " + literal + " of clause " + clause + " of expression "
					+ expression + " (" + CNF_EXPRESSIONS + " expressions of " + CNF_CLAUSES + " clauses of "
					+ CNF_LITERALS + " literals)");
		}
		return (expression * CNF_CLAUSES + clause) * CNF_LITERALS + literal;
	}

	/** The P4Info of sonde.p4, parsed once. */
	public static P4InfoIndex p4Info() {
		P4InfoIndex index = p4Info;
		if (index == null) {
			index = P4InfoIndex.fromClasspath(P4INFO_RESOURCE);
			p4Info = index;
		}
		return index;
	}

	/** One P4 source file of the pipeline, e.g. {@code "sonde.p4"}. */
	public static String source(String fileName) {
		String resource = SOURCE_FOLDER + fileName;
		try (InputStream in = SondePipeline.class.getClassLoader().getResourceAsStream(resource)) {
			if (in == null) {
				throw new IllegalArgumentException("no P4 source " + resource + " on the classpath");
			}
			return new String(in.readAllBytes(), StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot read " + resource, ex);
		}
	}

}
