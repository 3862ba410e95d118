package io.sonde.labeling.internal;

import java.time.Instant;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.regex.Pattern;

import io.sonde.labeling.LabelingRejected;
import io.sonde.core.FieldsRejected.FieldProblem;
import io.sonde.labeling.SpecificFlow;
import io.sonde.labeling.SpecificFlowRequest;

/**
 * Checks a specific flow request field by field and places it: the switch its source host
 * attaches to, and the lowest free {@code label_flows} index.
 */
final class FlowCheck {

	/** LABEL_FLOWS of sonde.p4: cells of {@code label_flow_last_time}. */
	static final int MAX_FLOWS = 1024;

	static final int MAX_SAMPLE_INTERVAL_MS = 60_000;

	private static final Pattern IPV4 = Pattern
		.compile("((25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)\\.){3}(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)");

	private FlowCheck() {
	}

	/**
	 * @throws LabelingRejected naming every bad field
	 */
	static SpecificFlow check(SpecificFlowRequest request, List<SpecificFlow> existing, NetworkFacts network,
			String author, Instant at) {
		if (request == null) {
			throw new LabelingRejected("$",
					"the body must be a flow {srcAddr, dstAddr, protocol, srcPort, dstPort, " + "sampleIntervalMs}");
		}
		List<FieldProblem> problems = new ArrayList<>();
		NetworkFacts.Attachment source = null;
		if (address("srcAddr", request.srcAddr(), problems)) {
			source = network.hostAttachment(request.srcAddr()).orElse(null);
			if (source == null) {
				problems.add(new FieldProblem("srcAddr", "no host of the imported topology has address "
						+ request.srcAddr() + ": a flow's entry goes on the switch its source host attaches to"));
			}
		}
		address("dstAddr", request.dstAddr(), problems);
		int protocol = number("protocol", request.protocol(), 1, 255, -1, problems);
		if (protocol == 253 || protocol == 254) {
			problems.add(new FieldProblem("protocol",
					"must not be 253 (GPINT probes) nor 254 (the INT-label option), was " + protocol));
		}
		boolean ported = protocol == 6 || protocol == 17;
		int srcPort = port("srcPort", request.srcPort(), ported, problems);
		int dstPort = port("dstPort", request.dstPort(), ported, problems);
		int interval = number("sampleIntervalMs", request.sampleIntervalMs(), 0, MAX_SAMPLE_INTERVAL_MS, 0, problems);
		if (!problems.isEmpty()) {
			throw new LabelingRejected(problems);
		}
		String name = SpecificFlow.name(request.srcAddr(), srcPort, request.dstAddr(), dstPort, protocol);
		BitSet taken = new BitSet(MAX_FLOWS);
		for (SpecificFlow flow : existing) {
			if (flow.flow().equals(name)) {
				throw new LabelingRejected("$", "flow " + name + " is specific already (index " + flow.index() + ")");
			}
			taken.set(flow.index());
		}
		int index = taken.nextClearBit(0);
		if (index >= MAX_FLOWS) {
			throw new LabelingRejected("$", "all " + MAX_FLOWS + " specific flow indexes are taken; remove one first");
		}
		return new SpecificFlow(index, name, request.srcAddr(), request.dstAddr(), protocol, srcPort, dstPort, interval,
				source.switchName(), author, at);
	}

	private static boolean address(String field, String value, List<FieldProblem> problems) {
		if (value == null || value.isBlank()) {
			problems.add(new FieldProblem(field, "is required: an IPv4 address"));
			return false;
		}
		if (!IPV4.matcher(value).matches()) {
			problems.add(new FieldProblem(field, "must be an IPv4 address like 10.0.0.1, was '" + value + "'"));
			return false;
		}
		return true;
	}

	private static int port(String field, Integer value, boolean ported, List<FieldProblem> problems) {
		if (!ported) {
			if (value != null && value != 0) {
				problems.add(new FieldProblem(field, "must be 0 or absent for a protocol without ports"));
			}
			return 0;
		}
		if (value == null) {
			problems.add(new FieldProblem(field, "is required for TCP and UDP (0..65535)"));
			return 0;
		}
		return number(field, value, 0, 65535, 0, problems);
	}

	private static int number(String field, Integer value, int min, int max, int otherwise,
			List<FieldProblem> problems) {
		if (value == null) {
			if (otherwise < 0) {
				problems.add(new FieldProblem(field, "is required (" + min + ".." + max + ")"));
			}
			return otherwise;
		}
		if (value < min || value > max) {
			problems.add(new FieldProblem(field, "must be in " + min + ".." + max + ", was " + value));
			return otherwise;
		}
		return value;
	}

}
