package io.sonde.intconfig.internal;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.sonde.intconfig.IntConfigDocument;
import io.sonde.intconfig.IntConfigDocument.CnfLiteral;
import io.sonde.intconfig.IntConfigDocument.EventFilter;
import io.sonde.intconfig.IntConfigDocument.FlowMatchSpec;
import io.sonde.intconfig.IntConfigDocument.ReportSession;
import io.sonde.intconfig.IntConfigDocument.SwitchIntConfig;
import io.sonde.intconfig.IntConfigDocument.WatchRule;
import io.sonde.intconfig.IntConfigRejected;
import io.sonde.p4programs.SondePipeline;
import io.sonde.p4runtime.bytes.Bytestrings;
import io.sonde.switches.internal.state.EntityText;
import org.junit.jupiter.api.Test;
import p4.v1.Entity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class IntConfigCompilerTests {

	private static final ReportSession REPORT = new ReportSession("10.9.0.1", 9999, null, null, 3, null);

	private final IntConfigCompiler compiler = new IntConfigCompiler((name) -> switch (name) {
		case "edge" -> Optional.of(new SwitchFacts("edge", 5, 0x0200_0000_0005L, List.of(1, 2)));
		case "core" -> Optional.of(new SwitchFacts("core", 1, 0x0200_0000_0001L, List.of()));
		default -> Optional.empty();
	});

	private final EntityText text = new EntityText(SondePipeline.p4Info());

	@Test
	void turnsAnEdgeSourceSinkAndACoreTransitIntoSondeEntities() {
		Map<String, List<Entity>> compiled = this.compiler.compile(new IntConfigDocument(REPORT, List.of(
				new SwitchIntConfig("edge", List.of("source", "transit", "sink"), null, null,
						List.of(new WatchRule(new FlowMatchSpec("10.0.1.0/24", null, 17, null, "5000-5999"), null, 6,
								null)),
						null),
				new SwitchIntConfig("core", List.of("transit"), 100L, null, null, null))));

		assertThat(compiled.get("core")).extracting(this.text::identity)
			.containsExactly("SondeEgress.int_node_id default=true");
		assertThat(compiled.get("core")).extracting(this.text::content)
			.containsExactly("SondeEgress.set_int_node_id(node_id=100)");
		List<Entity> edge = compiled.get("edge");
		assertThat(edge).extracting(this.text::identity)
			.containsExactly("SondeEgress.int_node_id default=true", "clone session 500",
					"SondeEgress.int_report.int_report_collectors egress_port=500",
					"SondeIngress.int_sink.int_sink_ports egress_port=1",
					"SondeIngress.int_sink.int_sink_ports egress_port=2",
					"SondeIngress.int_source.int_watchlist ipv4_src=10.0.1.0&&&255.255.255.0 ip_proto=17&&&255 "
							+ "l4_dst_port=5000..5999 priority=10");
		assertThat(this.text.content(edge.get(0))).as("node id defaults to the device id")
			.isEqualTo("SondeEgress.set_int_node_id(node_id=5)");
		assertThat(this.text.content(edge.get(2)))
			.isEqualTo("SondeEgress.int_report.send_report(src_mac=02:00:00:00:00:05, "
					+ "collector_mac=02:00:00:c0:11:ec, src_ip=172.16.0.5, collector_ip=10.9.0.1, collector_port=9999, hw_id=3)");
		assertThat(this.text.content(edge.get(5))).as("all nine items are 12 words a hop")
			.isEqualTo("SondeIngress.int_source.insert_int(instructions=65408, hop_ml=12, remaining_hop_count=6)");
	}

	@Test
	void writesAComplexExpressionIntoEveryLiteralSlotOfExpressionZero() {
		EventFilter filter = new EventFilter("complex", null, null, null, null,
				List.of(List.of(new CnfLiteral("hop-latency", "max", ">", 500L)),
						List.of(new CnfLiteral("queue-occupancy", null, ">=", 10L),
								new CnfLiteral("tx-utilization", "sum", "<", 3L))));

		List<Entity> edge = this.compiler
			.compile(new IntConfigDocument(REPORT,
					List.of(new SwitchIntConfig("edge", List.of("transit", "sink"), null, null, null, filter))))
			.get("edge");

		List<Entity> cells = edge.stream().filter(Entity::hasRegisterEntry).toList();
		assertThat(cells).as("4 clauses x 2 literals x (metric, operator, threshold)").hasSize(24);
		assertThat(Bytestrings.toLong(cells.get(0).getRegisterEntry().getData().getBitstring()))
			.as("hop latency, maximum over the hops")
			.isEqualTo(SondePipeline.EventMetric.HOP_LATENCY.code() | SondePipeline.CNF_AGGREGATE_MAX);
		assertThat(Bytestrings.toLong(cells.get(4).getRegisterEntry().getData().getBitstring()))
			.as("the empty second literal of clause 0")
			.isEqualTo(SondePipeline.CnfOperator.NONE.code());
		assertThat(this.text.content(edge.get(edge.size() - 1)))
			.isEqualTo("SondeIngress.int_sink.event_filter.complex_detection(expression_index=0)");
	}

	@Test
	void namesTheFieldOfTheFirstProblem() {
		rejected(List.of(new SwitchIntConfig("nowhere", List.of("transit"), null, null, null, null)),
				"switches[0].name");
		rejected(List.of(new SwitchIntConfig("core", List.of("relay"), null, null, null, null)),
				"switches[0].roles[0]");
		rejected(List.of(new SwitchIntConfig("core", List.of("source"), null, null,
				List.of(new WatchRule(null, null, null, null)), null)), "switches[0].roles");
		rejected(List.of(new SwitchIntConfig("edge", List.of("source", "transit"), null, null,
				List.of(new WatchRule(new FlowMatchSpec("10.0.1.1/24", null, null, null, null), null, null, null)),
				null)), "switches[0].watchlist[0].match.srcPrefix");
		rejected(
				List.of(new SwitchIntConfig("edge", List.of("source", "transit"), null, null,
						List.of(new WatchRule(null, List.of("hop-latency", "jitter"), null, null)), null)),
				"switches[0].watchlist[0].instructions");
		rejected(List.of(new SwitchIntConfig("core", List.of("transit", "sink"), null, null, null, null)),
				"switches[0].sinkPorts");
		rejected(
				List.of(new SwitchIntConfig("edge", List.of("transit", "sink"), null, null, null,
						new EventFilter("moving-average", "hop-latency", 10L, 300, null, null))),
				"switches[0].eventFilter.emaWeight");
		rejected(List.of(new SwitchIntConfig("edge", List.of("transit"), 7L, null, null, null),
				new SwitchIntConfig("core", List.of("transit"), 7L, null, null, null)), "switches[1].nodeId");
		assertThatThrownBy(() -> this.compiler
			.compile(new IntConfigDocument(new ReportSession("10.9.0.1", null, null, null, null, "v1.0"),
					List.of(new SwitchIntConfig("edge", List.of("transit", "sink"), null, null, null, null)))))
			.isInstanceOfSatisfying(IntConfigRejected.class,
					(rejected) -> assertThat(rejected.field()).isEqualTo("report.format"));
	}

	@Test
	void checksTheReportSessionWholeWhateverTheSwitchesAndNamesEveryProblem() {
		List<SwitchIntConfig> transitOnly = List
			.of(new SwitchIntConfig("core", List.of("transit"), null, null, null, null));
		problems(new IntConfigDocument(null, transitOnly), "report");
		problems(
				new IntConfigDocument(new ReportSession("not-an-ip", 70000, "01:00:5e:00:00:01", 512, 64, "v9"),
						transitOnly),
				"report.collectorIp", "report.collectorPort", "report.collectorMac", "report.reportPort", "report.hwId",
				"report.format");
		problems(new IntConfigDocument(new ReportSession("255.255.255.255", 0, "00:00:00:00:00:00", null, null, null),
				transitOnly), "report.collectorIp", "report.collectorPort", "report.collectorMac");
		problems(new IntConfigDocument(new ReportSession(" ", null, null, null, null, "v1.0"), transitOnly),
				"report.collectorIp", "report.format");
	}

	@Test
	void anEmptyOrMissingSwitchListIsRefusedPointingAtTheRemoval() {
		assertThatThrownBy(() -> this.compiler.compile(new IntConfigDocument(REPORT, List.of())))
			.isInstanceOfSatisfying(IntConfigRejected.class, (rejected) -> {
				assertThat(rejected.field()).isEqualTo("switches");
				assertThat(rejected.getMessage()).contains("DELETE /api/v1/int/config?confirm=true");
			});
		problems(new IntConfigDocument(REPORT, null), "switches");
		problems(new IntConfigDocument(null, null), "report", "switches");
	}

	@Test
	void namesTheFirstProblemOfEverySwitch() {
		java.util.ArrayList<SwitchIntConfig> switches = new java.util.ArrayList<>();
		switches.add(new SwitchIntConfig("nowhere", List.of("transit"), null, null, null, null));
		switches.add(new SwitchIntConfig("core", List.of("relay", "transit"), 0L, null, null, null));
		switches.add(null);
		switches.add(new SwitchIntConfig("edge", List.of("transit"), null, null, null, null));
		switches.add(new SwitchIntConfig("edge", List.of("transit"), null, null, null, null));

		problems(new IntConfigDocument(new ReportSession("10.9.0", null, null, null, null, null), switches),
				"report.collectorIp", "switches[0].name", "switches[1].roles[0]", "switches[2]", "switches[4].name");
	}

	private void problems(IntConfigDocument config, String... fields) {
		assertThatThrownBy(() -> this.compiler.compile(config)).isInstanceOfSatisfying(IntConfigRejected.class,
				(rejected) -> assertThat(rejected.problems()).extracting(IntConfigRejected.FieldProblem::field)
					.containsExactly(fields));
	}

	private void rejected(List<SwitchIntConfig> switches, String field) {
		assertThatThrownBy(() -> this.compiler.compile(new IntConfigDocument(REPORT, switches))).isInstanceOfSatisfying(
				IntConfigRejected.class, (rejected) -> assertThat(rejected.field()).isEqualTo(field));
	}

}
