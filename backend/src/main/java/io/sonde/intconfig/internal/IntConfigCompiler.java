package io.sonde.intconfig.internal;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

import io.sonde.intconfig.Instruction;
import io.sonde.intconfig.IntConfigDocument;
import io.sonde.intconfig.IntConfigDocument.CnfLiteral;
import io.sonde.intconfig.IntConfigDocument.EventFilter;
import io.sonde.intconfig.IntConfigDocument.FlowMatchSpec;
import io.sonde.intconfig.IntConfigDocument.SwitchIntConfig;
import io.sonde.intconfig.IntConfigDocument.WatchRule;
import io.sonde.intconfig.IntConfigRejected;
import io.sonde.core.FieldsRejected.FieldProblem;
import io.sonde.p4programs.SondePipeline;
import io.sonde.p4programs.SondePipeline.CnfOperator;
import io.sonde.p4programs.SondePipeline.EventAlgorithm;
import io.sonde.p4programs.SondePipeline.EventMetric;
import io.sonde.p4programs.entries.FlowKey;
import io.sonde.p4programs.entries.SondeEntities;
import p4.v1.Entity;

/**
 * Checks a whole {@link IntConfigDocument} and turns it into sonde.p4 entities per
 * switch. Every check runs before any entity is used: the report session field by field
 * and each switch in turn, every problem named by its field as a JSON path
 * ({@code switches[2].watchlist[0].match.srcPrefix}; the first of a switch's problems),
 * so a rejected configuration writes nothing and says all that is wrong with it.
 */
final class IntConfigCompiler {

	static final int DEFAULT_PRIORITY = 10;

	/**
	 * Report source addresses: 172.16.0.0/12 plus the device id, clear of host subnets.
	 */
	static final int REPORT_SOURCE_NET = 0xAC10_0000;

	/** What an operator who means to turn INT off everywhere is told to do instead. */
	static final String USE_DELETE = "DELETE /api/v1/int/config?confirm=true turns INT off on every switch "
			+ "(?dryRun=true lists what it removes)";

	private static final Set<String> ROLES = Set.of("source", "transit", "sink");

	private final SondeEntities entities = SondeEntities.ofPipeline();

	private final Function<String, Optional<SwitchFacts>> facts;

	IntConfigCompiler(Function<String, Optional<SwitchFacts>> facts) {
		this.facts = facts;
	}

	/**
	 * Switch name -> its entities, in write order; only switches with a role.
	 * @throws IntConfigRejected naming every problem found
	 */
	Map<String, List<Entity>> compile(IntConfigDocument config) {
		if (config == null) {
			throw new IntConfigRejected("$", "the body must be an INT configuration object");
		}
		List<FieldProblem> problems = new ArrayList<>();
		ReportTarget report = ReportTarget.check(config.report(), problems);
		if (config.switches() == null) {
			problems.add(new FieldProblem("switches", "is required: the switches with an INT role, e.g. "
					+ "[{\"name\": \"edge-0-0\", \"roles\": [\"transit\", \"sink\"]}]; " + USE_DELETE));
		}
		else if (config.switches().isEmpty()) {
			problems.add(new FieldProblem("switches",
					"is empty, which would turn INT off on every switch; a configuration names at least one switch. "
							+ USE_DELETE));
		}
		Map<String, List<Entity>> compiled = new LinkedHashMap<>();
		Set<Long> nodeIds = new HashSet<>();
		Set<String> names = new HashSet<>();
		List<SwitchIntConfig> switches = config.switchesOrNone();
		for (int i = 0; i < switches.size(); i++) {
			String at = "switches[" + i + "]";
			SwitchIntConfig node = switches.get(i);
			try {
				List<Entity> switchEntities = compileSwitch(at, node, report, nodeIds, names);
				compiled.put(node.name(), switchEntities);
			}
			catch (IntConfigRejected rejected) {
				problems.addAll(rejected.problems());
			}
		}
		if (!problems.isEmpty()) {
			throw new IntConfigRejected(problems);
		}
		return compiled;
	}

	private List<Entity> compileSwitch(String at, SwitchIntConfig node, ReportTarget report, Set<Long> nodeIds,
			Set<String> named) {
		if (node == null) {
			throw new IntConfigRejected(at, "must be an object with a name and roles");
		}
		if (node.name() == null || node.name().isBlank()) {
			throw new IntConfigRejected(at + ".name", "is required");
		}
		if (!named.add(node.name())) {
			throw new IntConfigRejected(at + ".name", "'" + node.name() + "' is configured twice");
		}
		SwitchFacts facts = this.facts.apply(node.name())
			.orElseThrow(() -> new IntConfigRejected(at + ".name",
					"no switch '" + node.name() + "' is registered or in the topology"));
		Set<String> roles = new HashSet<>();
		for (int r = 0; r < node.roles().size(); r++) {
			String role = String.valueOf(node.roles().get(r)).toLowerCase(Locale.ROOT);
			if (!ROLES.contains(role)) {
				throw new IntConfigRejected(at + ".roles[" + r + "]",
						"must be source, transit or sink, was '" + role + "'");
			}
			roles.add(role);
		}
		if (roles.isEmpty()) {
			throw new IntConfigRejected(at + ".roles", "must name at least one role (source, transit, sink)");
		}
		if (!roles.contains("transit")) {
			throw new IntConfigRejected(at + ".roles", "must include transit: sonde.p4 pushes a hop at every switch "
					+ "an INT packet crosses, sources and sinks included");
		}
		long nodeId = (node.nodeId() != null) ? node.nodeId() : facts.deviceId();
		if (nodeId < 1 || nodeId > 0xFFFF_FFFFL) {
			throw new IntConfigRejected(at + ".nodeId", "must be in 1-4294967295 (32 bits), was " + nodeId);
		}
		if (!nodeIds.add(nodeId)) {
			throw new IntConfigRejected(at + ".nodeId", "node id " + nodeId + " is used by another switch");
		}
		List<Entity> out = new ArrayList<>();
		out.add(this.entities.nodeId(nodeId));
		if (roles.contains("sink")) {
			out.addAll(sink(at, node, facts, report));
		}
		else if (node.eventFilter() != null || node.sinkPorts() != null) {
			throw new IntConfigRejected(at + (node.eventFilter() != null ? ".eventFilter" : ".sinkPorts"),
					"applies to a sink only; add the sink role");
		}
		if (roles.contains("source")) {
			if (node.watchlist().isEmpty()) {
				throw new IntConfigRejected(at + ".watchlist", "a source needs at least one watchlist entry");
			}
			for (int w = 0; w < node.watchlist().size(); w++) {
				out.add(watch(at + ".watchlist[" + w + "]", node.watchlist().get(w)));
			}
		}
		else if (!node.watchlist().isEmpty()) {
			throw new IntConfigRejected(at + ".watchlist", "applies to a source only; add the source role");
		}
		return out;
	}

	private List<Entity> sink(String at, SwitchIntConfig node, SwitchFacts facts, ReportTarget report) {
		int reportPort = (report != null) ? report.reportPort() : ReportTarget.DEFAULT_REPORT_PORT;
		List<Integer> sinkPorts = (node.sinkPorts() != null) ? node.sinkPorts() : facts.hostPorts();
		if (sinkPorts.isEmpty()) {
			throw new IntConfigRejected(at + ".sinkPorts",
					"a sink needs ports where INT ends; the topology cables no host to " + node.name());
		}
		List<Entity> out = new ArrayList<>();
		// A bad report session is among the problems already: nothing compiled is used.
		if (report != null) {
			out.add(this.entities.reportMirror(reportPort));
			out.add(this.entities.collector(reportPort, facts.mac(), report.collectorMac(),
					REPORT_SOURCE_NET + (int) facts.deviceId(), report.collectorIp(), report.collectorPort(),
					report.hwId()));
		}
		Set<Integer> seen = new HashSet<>();
		for (int p = 0; p < sinkPorts.size(); p++) {
			Integer port = sinkPorts.get(p);
			require(port != null && port >= 0 && port <= 511 && port != reportPort, at + ".sinkPorts[" + p + "]",
					"must be a 9-bit port (0-511) other than the report port");
			require(seen.add(port), at + ".sinkPorts[" + p + "]", "port " + port + " is listed twice");
			out.add(this.entities.sinkPort(port));
		}
		if (node.eventFilter() != null) {
			out.addAll(eventFilter(at + ".eventFilter", node.eventFilter()));
		}
		return out;
	}

	private Entity watch(String at, WatchRule rule) {
		if (rule == null) {
			throw new IntConfigRejected(at, "must be an object");
		}
		FlowKey key = FlowMatches.key(at + ".match", rule.match());
		int instructions = 0;
		int words = 0;
		List<String> names = (rule.instructions() != null) ? rule.instructions() : List.of("all");
		require(!names.isEmpty(), at + ".instructions", "must name at least one item, or 'all'");
		for (int n = 0; n < names.size(); n++) {
			String name = String.valueOf(names.get(n)).toLowerCase(Locale.ROOT);
			if (name.equals("all")) {
				for (Instruction item : Instruction.values()) {
					if ((instructions & item.mask()) == 0) {
						instructions |= item.mask();
						words += item.words();
					}
				}
				continue;
			}
			Instruction item = Instruction.labelled(name)
				.orElseThrow(
						() -> new IntConfigRejected(at + ".instructions",
								"unknown item '" + name + "'; items are " + String.join(", ",
										java.util.Arrays.stream(Instruction.values()).map(Instruction::label).toList())
										+ " or all"));
			if ((instructions & item.mask()) == 0) {
				instructions |= item.mask();
				words += item.words();
			}
		}
		int maxHops = (rule.maxHops() != null) ? rule.maxHops() : SondePipeline.MAX_INT_HOPS;
		require(maxHops >= 1 && maxHops <= SondePipeline.MAX_INT_HOPS, at + ".maxHops",
				"must be in 1-" + SondePipeline.MAX_INT_HOPS + " (sonde.p4's stack)");
		int priority = (rule.priority() != null) ? rule.priority() : DEFAULT_PRIORITY;
		require(priority >= 1 && priority <= 0xFFFF, at + ".priority", "must be in 1-65535");
		return this.entities.watch(key, priority, instructions, words, maxHops);
	}

	private List<Entity> eventFilter(String at, EventFilter filter) {
		String algorithm = (filter.algorithm() != null) ? filter.algorithm().toLowerCase(Locale.ROOT) : "every-packet";
		FlowKey key = FlowMatches.key(at + ".match", filter.match());
		if (algorithm.equals("every-packet")) {
			// sonde.p4's default action: no entry needed.
			return List.of();
		}
		if (algorithm.equals("complex")) {
			return complex(at, key, filter.expression());
		}
		EventAlgorithm code = switch (algorithm) {
			case "noop" -> EventAlgorithm.NOOP;
			case "per-hop-change" -> EventAlgorithm.PER_HOP_CHANGE;
			case "flow-sum-change" -> EventAlgorithm.FLOW_SUM_CHANGE;
			case "moving-average" -> EventAlgorithm.MOVING_AVERAGE;
			default -> throw new IntConfigRejected(at + ".algorithm", "must be every-packet, noop, per-hop-change, "
					+ "flow-sum-change, moving-average or complex, was '" + algorithm + "'");
		};
		int metric = 0;
		long threshold = 0;
		int weight = 0;
		if (code != EventAlgorithm.NOOP) {
			require(filter.metric() != null, at + ".metric", "is required for " + algorithm);
			metric = metric(at + ".metric", filter.metric()).code();
			require(filter.threshold() != null, at + ".threshold", "is required for " + algorithm);
			threshold = filter.threshold();
			require(threshold >= 0 && threshold <= 0xFFFF_FFFFL, at + ".threshold", "must be in 0-4294967295");
		}
		if (code == EventAlgorithm.MOVING_AVERAGE) {
			require(filter.emaWeight() != null, at + ".emaWeight", "is required for moving-average (1-255, in 1/256)");
			weight = filter.emaWeight();
			require(weight >= 1 && weight <= 255, at + ".emaWeight", "must be in 1-255 (in 1/256)");
		}
		return List.of(this.entities.fastDetection(key, DEFAULT_PRIORITY, 0, code.code(), metric, threshold, weight));
	}

	private List<Entity> complex(String at, FlowKey key, List<List<CnfLiteral>> expression) {
		require(expression != null && !expression.isEmpty(), at + ".expression", "is required for complex");
		require(expression.size() <= SondePipeline.CNF_CLAUSES, at + ".expression",
				"has at most " + SondePipeline.CNF_CLAUSES + " clauses");
		List<Entity> out = new ArrayList<>();
		for (int c = 0; c < SondePipeline.CNF_CLAUSES; c++) {
			List<CnfLiteral> clause = (c < expression.size()) ? expression.get(c) : List.of();
			String clauseAt = at + ".expression[" + c + "]";
			if (c < expression.size()) {
				require(clause != null && !clause.isEmpty() && clause.size() <= SondePipeline.CNF_LITERALS, clauseAt,
						"must hold 1-" + SondePipeline.CNF_LITERALS + " literals");
			}
			for (int l = 0; l < SondePipeline.CNF_LITERALS; l++) {
				int slot = SondePipeline.cnfLiteralIndex(0, c, l);
				if (l >= clause.size()) {
					out.addAll(this.entities.cnfLiteral(slot, 0, CnfOperator.NONE.code(), 0));
					continue;
				}
				String literalAt = clauseAt + "[" + l + "]";
				CnfLiteral literal = clause.get(l);
				require(literal != null && literal.metric() != null, literalAt + ".metric", "is required");
				int metric = metric(literalAt + ".metric", literal.metric()).code();
				String aggregate = (literal.aggregate() != null) ? literal.aggregate() : "sum";
				require(aggregate.equals("sum") || aggregate.equals("max"), literalAt + ".aggregate",
						"must be sum or max");
				if (aggregate.equals("max")) {
					metric |= SondePipeline.CNF_AGGREGATE_MAX;
				}
				CnfOperator operator = operator(literalAt + ".operator", literal.operator());
				require(literal.threshold() != null && literal.threshold() >= 0 && literal.threshold() <= 0xFFFF_FFFFL,
						literalAt + ".threshold", "is required, in 0-4294967295");
				out.addAll(this.entities.cnfLiteral(slot, metric, operator.code(), literal.threshold()));
			}
		}
		out.add(this.entities.complexDetection(key, DEFAULT_PRIORITY, 0));
		return out;
	}

	private static EventMetric metric(String at, String name) {
		return switch (name.toLowerCase(Locale.ROOT)) {
			case "hop-latency" -> EventMetric.HOP_LATENCY;
			case "queue-occupancy" -> EventMetric.QUEUE_OCCUPANCY;
			case "tx-utilization" -> EventMetric.TX_UTILIZATION;
			case "buffer-occupancy" -> EventMetric.BUFFER_OCCUPANCY;
			default -> throw new IntConfigRejected(at,
					"must be hop-latency, queue-occupancy, tx-utilization or buffer-occupancy, was '" + name + "'");
		};
	}

	private static CnfOperator operator(String at, String symbol) {
		if (symbol == null) {
			throw new IntConfigRejected(at, "is required (>, >=, <, <=, ==, !=)");
		}
		return switch (symbol) {
			case ">" -> CnfOperator.GREATER;
			case ">=" -> CnfOperator.GREATER_OR_EQUAL;
			case "<" -> CnfOperator.LESS;
			case "<=" -> CnfOperator.LESS_OR_EQUAL;
			case "==" -> CnfOperator.EQUAL;
			case "!=" -> CnfOperator.NOT_EQUAL;
			default -> throw new IntConfigRejected(at, "must be >, >=, <, <=, == or !=, was '" + symbol + "'");
		};
	}

	static void require(boolean condition, String field, String message) {
		if (!condition) {
			throw new IntConfigRejected(field, message);
		}
	}

}
