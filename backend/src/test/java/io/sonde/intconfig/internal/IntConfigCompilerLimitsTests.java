package io.sonde.intconfig.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

import io.sonde.intconfig.Instruction;
import io.sonde.intconfig.IntConfigDocument;
import io.sonde.intconfig.IntConfigDocument.EventFilter;
import io.sonde.intconfig.IntConfigDocument.ReportSession;
import io.sonde.intconfig.IntConfigDocument.SwitchIntConfig;
import io.sonde.intconfig.IntConfigDocument.WatchRule;
import io.sonde.intconfig.IntConfigRejected;
import io.sonde.p4programs.SondePipeline;
import io.sonde.p4programs.SondePipeline.EventAlgorithm;
import io.sonde.p4programs.SondePipeline.EventMetric;
import io.sonde.p4programs.entries.FlowKey;
import io.sonde.p4programs.entries.SondeEntities;
import org.junit.jupiter.api.Test;
import p4.v1.Entity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The compiler's limits, each at its edges (the last value accepted, the first refused),
 * its defaults, and the roles each setting belongs to: what a switch is sent is compared
 * with the entities {@link SondeEntities} builds for the same settings.
 */
class IntConfigCompilerLimitsTests {

	private static final ReportSession REPORT = new ReportSession("10.9.0.1", 9999, null, null, 3, null);

	private static final FlowKey ANY_FLOW = FlowKey.ANY;

	private final IntConfigCompiler compiler = new IntConfigCompiler((name) -> switch (name) {
		case "edge" -> Optional.of(new SwitchFacts("edge", 5, 0x0200_0000_0005L, List.of(1, 2)));
		case "core" -> Optional.of(new SwitchFacts("core", 1, 0x0200_0000_0001L, List.of()));
		default -> Optional.empty();
	});

	private final SondeEntities entities = SondeEntities.ofPipeline();

	@Test
	void nodeIdsAreThirtyTwoBitsAndNotZero() {
		assertThat(compileSwitch(new SwitchIntConfig("core", List.of("transit"), 1L, null, null, null)))
			.containsExactly(this.entities.nodeId(1));
		assertThat(compileSwitch(new SwitchIntConfig("core", List.of("transit"), 0xFFFF_FFFFL, null, null, null)))
			.containsExactly(this.entities.nodeId(0xFFFF_FFFFL));
		rejectedAt(new SwitchIntConfig("core", List.of("transit"), 0L, null, null, null), "switches[0].nodeId");
		rejectedAt(new SwitchIntConfig("core", List.of("transit"), 0x1_0000_0000L, null, null, null),
				"switches[0].nodeId");
	}

	@Test
	void rolesAreReadWhateverTheirCaseAndTransitIsAlwaysOne() {
		assertThat(compileSwitch(new SwitchIntConfig("core", List.of("Transit", "TRANSIT"), null, null, null, null)))
			.containsExactly(this.entities.nodeId(1));
		rejectedAt(new SwitchIntConfig("core", List.of(), null, null, null, null), "switches[0].roles");
		rejectedAt(new SwitchIntConfig("edge", List.of("sink"), null, null, null, null), "switches[0].roles");
		rejectedAt(new SwitchIntConfig("core", Arrays.asList("transit", null), null, null, null, null),
				"switches[0].roles[1]");
		rejectedAt(new SwitchIntConfig(" ", List.of("transit"), null, null, null, null), "switches[0].name");
		rejectedAt(new SwitchIntConfig(null, List.of("transit"), null, null, null, null), "switches[0].name");
	}

	@Test
	void sinkAndSourceSettingsNeedTheirRole() {
		EventFilter noop = new EventFilter("noop", null, null, null, null, null);
		rejectedAt(new SwitchIntConfig("edge", List.of("transit"), null, null, null, noop), "switches[0].eventFilter");
		rejectedAt(new SwitchIntConfig("edge", List.of("transit"), null, List.of(1), null, null),
				"switches[0].sinkPorts");
		rejectedAt(new SwitchIntConfig("edge", List.of("transit"), null, null,
				List.of(new WatchRule(null, null, null, null)), null), "switches[0].watchlist");
		rejectedAt(new SwitchIntConfig("edge", List.of("transit", "source"), null, null, null, null),
				"switches[0].watchlist");
		rejectedAt(new SwitchIntConfig("edge", List.of("transit", "source"), null, null,
				Arrays.asList((WatchRule) null), null), "switches[0].watchlist[0]");
	}

	@Test
	void sinkPortsAreNinebitPortsOtherThanTheReportPortListedOnce() {
		List<Entity> sink = compileSwitch(
				new SwitchIntConfig("edge", List.of("transit", "sink"), null, List.of(0, 511), null, null));
		assertThat(sink).contains(this.entities.sinkPort(0), this.entities.sinkPort(511))
			.doesNotContain(this.entities.sinkPort(1), this.entities.sinkPort(2));
		assertThat(sink.get(1)).as("the report port's mirror session").isEqualTo(this.entities.reportMirror(500));
		for (Integer port : Arrays.asList(-1, 512, 500, null)) {
			rejectedAt(
					new SwitchIntConfig("edge", List.of("transit", "sink"), null, Arrays.asList(1, port), null, null),
					"switches[0].sinkPorts[1]");
		}
		rejectedAt(new SwitchIntConfig("edge", List.of("transit", "sink"), null, List.of(7, 7), null, null),
				"switches[0].sinkPorts[1]");
	}

	@Test
	void theSinkPortsAreCheckedAgainstTheReportPortChosen() {
		ReportSession onPort300 = new ReportSession("10.9.0.1", 9999, null, 300, 3, null);
		List<Entity> sink = compile(onPort300,
				new SwitchIntConfig("edge", List.of("transit", "sink"), null, List.of(500), null, null));
		assertThat(sink).contains(this.entities.reportMirror(300), this.entities.sinkPort(500));
		problems(
				new IntConfigDocument(onPort300, List
					.of(new SwitchIntConfig("edge", List.of("transit", "sink"), null, List.of(300), null, null))),
				"switches[0].sinkPorts[0]");
		// a refused report session still checks the sink ports against the default report
		// port
		problems(
				new IntConfigDocument(new ReportSession("10.9", null, null, null, null, null), List
					.of(new SwitchIntConfig("edge", List.of("transit", "sink"), null, List.of(500), null, null))),
				"report.collectorIp", "switches[0].sinkPorts[0]");
	}

	@Test
	void instructionsAddEachItemsWordsOnceWhateverTheCase() {
		int latencyAndIngress = Instruction.HOP_LATENCY.mask() | Instruction.INGRESS_TIMESTAMP.mask();
		assertThat(watch(new WatchRule(null, List.of("hop-latency", "HOP-LATENCY", "ingress-timestamp"), null, null)))
			.isEqualTo(this.entities.watch(ANY_FLOW, IntConfigCompiler.DEFAULT_PRIORITY, latencyAndIngress, 3,
					SondePipeline.MAX_INT_HOPS));
		int all = 0;
		int words = 0;
		for (Instruction item : Instruction.values()) {
			all |= item.mask();
			words += item.words();
		}
		Entity everything = this.entities.watch(ANY_FLOW, IntConfigCompiler.DEFAULT_PRIORITY, all, words,
				SondePipeline.MAX_INT_HOPS);
		assertThat(watch(new WatchRule(null, List.of("node-id", "ALL", "buffer"), null, null))).isEqualTo(everything);
		assertThat(watch(new WatchRule(null, List.of("all", "all"), null, null))).isEqualTo(everything);
		rejectedAt(source(new WatchRule(null, List.of(), null, null)), "switches[0].watchlist[0].instructions");
	}

	@Test
	void maxHopsAndPriorityAreKeptWithinTheirRanges() {
		int nodeId = Instruction.NODE_ID.mask();
		assertThat(watch(new WatchRule(null, List.of("node-id"), 1, 1)))
			.isEqualTo(this.entities.watch(ANY_FLOW, 1, nodeId, 1, 1));
		assertThat(watch(new WatchRule(null, List.of("node-id"), SondePipeline.MAX_INT_HOPS, 0xFFFF)))
			.isEqualTo(this.entities.watch(ANY_FLOW, 0xFFFF, nodeId, 1, SondePipeline.MAX_INT_HOPS));
		rejectedAt(source(new WatchRule(null, null, 0, null)), "switches[0].watchlist[0].maxHops");
		rejectedAt(source(new WatchRule(null, null, SondePipeline.MAX_INT_HOPS + 1, null)),
				"switches[0].watchlist[0].maxHops");
		rejectedAt(source(new WatchRule(null, null, null, 0)), "switches[0].watchlist[0].priority");
		rejectedAt(source(new WatchRule(null, null, null, 0x1_0000)), "switches[0].watchlist[0].priority");
	}

	@Test
	void eachEventAlgorithmBecomesItsFastDetectionEntry() {
		assertThat(filter(new EventFilter(null, "hop-latency", 5L, null, null, null))).as("every packet: the default")
			.isEmpty();
		assertThat(filter(new EventFilter("Every-Packet", null, null, null, null, null))).isEmpty();
		assertThat(filter(new EventFilter("noop", null, null, null, null, null)))
			.containsExactly(fast(EventAlgorithm.NOOP, 0, 0, 0));
		assertThat(filter(new EventFilter("per-hop-change", "Hop-Latency", 0L, null, null, null)))
			.containsExactly(fast(EventAlgorithm.PER_HOP_CHANGE, EventMetric.HOP_LATENCY.code(), 0, 0));
		assertThat(filter(new EventFilter("flow-sum-change", "queue-occupancy", 0xFFFF_FFFFL, null, null, null)))
			.containsExactly(fast(EventAlgorithm.FLOW_SUM_CHANGE, EventMetric.QUEUE_OCCUPANCY.code(), 0xFFFF_FFFFL, 0));
		assertThat(filter(new EventFilter("moving-average", "tx-utilization", 7L, 1, null, null)))
			.containsExactly(fast(EventAlgorithm.MOVING_AVERAGE, EventMetric.TX_UTILIZATION.code(), 7, 1));
		assertThat(filter(new EventFilter("MOVING-AVERAGE", "buffer-occupancy", 7L, 255, null, null)))
			.containsExactly(fast(EventAlgorithm.MOVING_AVERAGE, EventMetric.BUFFER_OCCUPANCY.code(), 7, 255));
	}

	@Test
	void eventFilterSettingsAreRequiredAndBoundedWhereTheAlgorithmUsesThem() {
		filterRejectedAt(new EventFilter("median", null, null, null, null, null), "algorithm");
		filterRejectedAt(new EventFilter("per-hop-change", null, 5L, null, null, null), "metric");
		filterRejectedAt(new EventFilter("per-hop-change", "jitter", 5L, null, null, null), "metric");
		filterRejectedAt(new EventFilter("per-hop-change", "hop-latency", null, null, null, null), "threshold");
		filterRejectedAt(new EventFilter("per-hop-change", "hop-latency", -1L, null, null, null), "threshold");
		filterRejectedAt(new EventFilter("per-hop-change", "hop-latency", 0x1_0000_0000L, null, null, null),
				"threshold");
		filterRejectedAt(new EventFilter("moving-average", "hop-latency", 5L, null, null, null), "emaWeight");
		filterRejectedAt(new EventFilter("moving-average", "hop-latency", 5L, 0, null, null), "emaWeight");
		filterRejectedAt(new EventFilter("moving-average", "hop-latency", 5L, 256, null, null), "emaWeight");
	}

	private Entity fast(EventAlgorithm algorithm, int metric, long threshold, int weight) {
		return this.entities.fastDetection(ANY_FLOW, IntConfigCompiler.DEFAULT_PRIORITY, 0, algorithm.code(), metric,
				threshold, weight);
	}

	/**
	 * The entities of an edge sink with this filter, after its node id, mirror, collector
	 * and two ports.
	 */
	private List<Entity> filter(EventFilter filter) {
		List<Entity> sink = compileSwitch(
				new SwitchIntConfig("edge", List.of("transit", "sink"), null, null, null, filter));
		return sink.subList(5, sink.size());
	}

	private void filterRejectedAt(EventFilter filter, String field) {
		rejectedAt(new SwitchIntConfig("edge", List.of("transit", "sink"), null, null, null, filter),
				"switches[0].eventFilter." + field);
	}

	private static SwitchIntConfig source(WatchRule rule) {
		return new SwitchIntConfig("edge", List.of("transit", "source"), null, null, List.of(rule), null);
	}

	/** The watchlist entry of an edge source with this one rule. */
	private Entity watch(WatchRule rule) {
		List<Entity> source = compileSwitch(source(rule));
		assertThat(source).hasSize(2);
		return source.get(1);
	}

	private List<Entity> compileSwitch(SwitchIntConfig node) {
		return compile(REPORT, node);
	}

	private List<Entity> compile(ReportSession report, SwitchIntConfig node) {
		return this.compiler.compile(new IntConfigDocument(report, List.of(node))).get(node.name());
	}

	private void rejectedAt(SwitchIntConfig node, String field) {
		List<SwitchIntConfig> switches = new ArrayList<>();
		switches.add(node);
		problems(new IntConfigDocument(REPORT, switches), field);
	}

	private void problems(IntConfigDocument config, String... fields) {
		assertThatThrownBy(() -> this.compiler.compile(config)).isInstanceOfSatisfying(IntConfigRejected.class,
				(rejected) -> assertThat(rejected.problems()).extracting(IntConfigRejected.FieldProblem::field)
					.containsExactly(fields));
	}

}
