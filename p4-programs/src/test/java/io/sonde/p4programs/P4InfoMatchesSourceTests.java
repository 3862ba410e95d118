package io.sonde.p4programs;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import p4.config.v1.P4Info;
import p4.config.v1.Preamble;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * p4c cannot run here, so the checked-in P4Info is held to the P4 source: every table,
 * match field, action, parameter, counter, direct counter and register it lists is
 * declared in sonde.p4's files with the same name, id, bit width, match kind and size,
 * and nothing the source declares is missing from it. The ids follow P4Runtime's prefixes
 * and the feature ranges of the README.
 */
class P4InfoMatchesSourceTests {

	/**
	 * Low 24 bits of the ids of each feature (p4-programs/README.md), longest prefix
	 * first.
	 */
	private static final Map<String, int[]> FEATURE_ID_RANGES = Map.ofEntries(
			Map.entry("SondeIngress.forwarding.", new int[] { 0x000000, 0x0000FF }),
			Map.entry("SondeIngress.ingress_port_counter", new int[] { 0x000000, 0x0000FF }),
			Map.entry("SondeEgress.egress_port_counter", new int[] { 0x000000, 0x0000FF }),
			Map.entry("SondeIngress.int_source.", new int[] { 0x000100, 0x0001FF }),
			Map.entry("SondeEgress.int_node_id", new int[] { 0x000200, 0x0002FF }),
			Map.entry("SondeEgress.set_int_node_id", new int[] { 0x000200, 0x0002FF }),
			Map.entry("SondeEgress.int_transit.", new int[] { 0x000200, 0x0002FF }),
			Map.entry("SondeIngress.int_sink.event_filter.", new int[] { 0x000400, 0x0004FF }),
			Map.entry("SondeIngress.int_sink.", new int[] { 0x000300, 0x0003FF }),
			Map.entry("SondeEgress.int_report.", new int[] { 0x000500, 0x0005FF }),
			Map.entry("SondeIngress.probe_ingress.", new int[] { 0x001000, 0x001FFF }),
			Map.entry("SondeEgress.probe_egress.", new int[] { 0x001000, 0x001FFF }),
			Map.entry("SondeIngress.label_ingress.", new int[] { 0x002000, 0x002FFF }),
			Map.entry("SondeEgress.label_egress.", new int[] { 0x002000, 0x002FFF }),
			Map.entry("SondeEgress.label_restore.", new int[] { 0x002000, 0x002FFF }));

	private final P4Info p4Info = SondePipeline.p4Info().p4Info();

	private final P4SourceModel source = SondeSources.model();

	@Test
	void describesTheSourceExactly() {
		assertThat(P4InfoSourceCheck.mismatches(this.p4Info, this.source)).isEmpty();
	}

	@Test
	void listsWhatTheIssueAsksFor() {
		assertThat(this.source.tables).containsKeys("SondeIngress.forwarding.ipv4_lpm",
				"SondeIngress.forwarding.next_hop", "SondeIngress.int_source.int_watchlist",
				"SondeIngress.int_sink.int_sink_ports", "SondeIngress.int_sink.event_filter.event_filter_flows",
				"SondeEgress.int_report.int_report_collectors", "SondeIngress.probe_ingress.probe_settings",
				"SondeIngress.label_ingress.label_flows", "SondeEgress.label_egress.label_settings",
				"SondeEgress.label_egress.label_probability", "SondeEgress.label_egress.label_sink_ports");
		assertThat(this.p4Info.getRegistersCount()).isEqualTo(this.source.registers.size()).isGreaterThan(5);
		assertThat(this.p4Info.getDirectCountersCount()).isEqualTo(this.p4Info.getTablesCount());
		// The port counters, the GPINT probes dropped by reason, and INT-label's
		// decisions, carried items, exports and malformed options.
		assertThat(this.p4Info.getCountersCount()).isEqualTo(7);
		assertThat(this.p4Info.getActionProfilesList()).singleElement()
			.satisfies((selector) -> assertThat(selector.getWithSelector()).isTrue());
	}

	@Test
	void includesEverySourceFileFromTheMainProgram() {
		String main = SondePipeline.source("sonde.p4");
		Matcher include = Pattern.compile("#include \"([\\w.]+)\"").matcher(main);
		List<String> included = new ArrayList<>();
		while (include.find()) {
			included.add(include.group(1));
		}
		assertThat(included)
			.containsExactlyElementsOf(SondePipeline.SOURCE_FILES.subList(0, SondePipeline.SOURCE_FILES.size() - 1));
	}

	@Test
	void usesTheIdPrefixOfEachEntityKind() {
		prefix(this.p4Info.getTablesList().stream().map((t) -> t.getPreamble()), 0x02);
		prefix(this.p4Info.getActionsList().stream().map((a) -> a.getPreamble()), 0x01);
		prefix(this.p4Info.getActionProfilesList().stream().map((p) -> p.getPreamble()), 0x11);
		prefix(this.p4Info.getCountersList().stream().map((c) -> c.getPreamble()), 0x12);
		prefix(this.p4Info.getDirectCountersList().stream().map((c) -> c.getPreamble()), 0x13);
		prefix(this.p4Info.getRegistersList().stream().map((r) -> r.getPreamble()), 0x16);
	}

	@Test
	void givesEveryEntityItsOwnId() {
		Set<Integer> seen = new HashSet<>();
		preambles()
			.forEach((p) -> assertThat(seen.add(p.getId())).as("id 0x%08x of %s is unique", p.getId(), p.getName())
				.isTrue());
	}

	@Test
	void keepsIdsInTheRangeOfTheirFeature() {
		// core.p4's NoAction has the id p4c derives from its name, outside every range.
		preambles().filter((p) -> !p.getName().equals("NoAction")).forEach((p) -> {
			int[] range = FEATURE_ID_RANGES.entrySet()
				.stream()
				.filter((e) -> p.getName().startsWith(e.getKey()))
				.max((a, b) -> Integer.compare(a.getKey().length(), b.getKey().length()))
				.map(Map.Entry::getValue)
				.orElseThrow(() -> new AssertionError("no feature id range for " + p.getName()));
			assertThat(p.getId() & 0xFFFFFF).as("id of %s", p.getName()).isBetween(range[0], range[1]);
		});
	}

	@Test
	void keepsThePlaceholdersIdsForWhatSurvived() {
		assertThat(SondePipeline.p4Info().table("ipv4_lpm").id()).isEqualTo(33554433);
		assertThat(SondePipeline.p4Info().action("set_next_hop").id()).isEqualTo(16777217);
		assertThat(SondePipeline.p4Info().action("drop").id()).isEqualTo(16777218);
		assertThat(SondePipeline.p4Info().counter("ingress_port_counter").getPreamble().getId()).isEqualTo(301989889);
		assertThat(SondePipeline.p4Info().counter("egress_port_counter").getPreamble().getId()).isEqualTo(301989890);
		assertThat(SondePipeline.p4Info().directCounter("ipv4_lpm_counter").getPreamble().getId()).isEqualTo(318767105);
	}

	private Stream<Preamble> preambles() {
		return Stream
			.of(this.p4Info.getTablesList().stream().map((t) -> t.getPreamble()),
					this.p4Info.getActionsList().stream().map((a) -> a.getPreamble()),
					this.p4Info.getActionProfilesList().stream().map((a) -> a.getPreamble()),
					this.p4Info.getCountersList().stream().map((c) -> c.getPreamble()),
					this.p4Info.getDirectCountersList().stream().map((c) -> c.getPreamble()),
					this.p4Info.getRegistersList().stream().map((r) -> r.getPreamble()))
			.flatMap((s) -> s);
	}

	private static void prefix(Stream<Preamble> preambles, int prefix) {
		preambles.forEach((p) -> assertThat(p.getId() >>> 24)
			.as("id 0x%08x of %s has prefix 0x%02x", p.getId(), p.getName(), prefix)
			.isEqualTo(prefix));
	}

}
