package io.sonde.emulator.pipeline;

import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import io.sonde.p4programs.SondePipeline;

import static org.assertj.core.api.Assertions.assertThat;

/** The Java stages' copies of sonde.p4's constants equal the P4 source's. */
class PipelineConstantsTests {

	private static final Pattern CONST = Pattern.compile("const bit<\\d+>\\s+(\\w+)\\s*=\\s*(0x[0-9A-Fa-f]+|\\d+);");

	private static final Pattern DEFINE = Pattern.compile("#define\\s+(\\w+)\\s+(\\d+)");

	private static long p4(String file, Pattern pattern, String name) {
		Matcher matcher = pattern.matcher(SondePipeline.source(file));
		while (matcher.find()) {
			if (matcher.group(1).equals(name)) {
				return Long.decode(matcher.group(2));
			}
		}
		throw new AssertionError(name + " is not defined in " + file);
	}

	@Test
	void definesMatch() {
		Map<String, Long> java = Map.ofEntries(Map.entry("INT_DSCP", (long) IntWire.INT_DSCP),
				Map.entry("INT_DSCP_MASK", (long) IntWire.INT_DSCP_MASK),
				Map.entry("INT_TYPE_MD", (long) IntWire.INT_TYPE_MD),
				Map.entry("INT_NPT_DSCP", (long) IntWire.INT_NPT_DSCP),
				Map.entry("INT_VERSION", (long) IntWire.INT_VERSION),
				Map.entry("INT_MD_HEADER_WORDS", (long) IntWire.MD_HEADER_WORDS),
				Map.entry("INT_FIXED_HEADER_BYTES", (long) IntWire.FIXED_HEADER_BYTES),
				Map.entry("INT_INSTR_SWITCH_ID", (long) IntWire.INSTR_SWITCH_ID),
				Map.entry("INT_INSTR_L1_PORT_IDS", (long) IntWire.INSTR_L1_PORT_IDS),
				Map.entry("INT_INSTR_HOP_LATENCY", (long) IntWire.INSTR_HOP_LATENCY),
				Map.entry("INT_INSTR_QUEUE", (long) IntWire.INSTR_QUEUE),
				Map.entry("INT_INSTR_INGRESS_TSTAMP", (long) IntWire.INSTR_INGRESS_TSTAMP),
				Map.entry("INT_INSTR_EGRESS_TSTAMP", (long) IntWire.INSTR_EGRESS_TSTAMP),
				Map.entry("INT_INSTR_L2_PORT_IDS", (long) IntWire.INSTR_L2_PORT_IDS),
				Map.entry("INT_INSTR_TX_UTIL", (long) IntWire.INSTR_TX_UTIL),
				Map.entry("INT_INSTR_BUFFER", (long) IntWire.INSTR_BUFFER),
				Map.entry("INT_INSTR_UNSUPPORTED", (long) IntWire.INSTR_UNSUPPORTED),
				Map.entry("INT_UNAVAILABLE_32", IntTransit.UNAVAILABLE_32),
				Map.entry("INT_UNAVAILABLE_24", IntTransit.UNAVAILABLE_24),
				Map.entry("SINK_REPORTED_METADATA", (long) IntReport.SINK_REPORTED_METADATA),
				Map.entry("REPORT_HEADERS_BYTES", 48L), Map.entry("TCP_HEADER_BYTES", (long) IntWire.TCP_HEADER_BYTES),
				Map.entry("UDP_HEADER_BYTES", (long) IntWire.UDP_HEADER_BYTES),
				Map.entry("IPV4_HEADER_BYTES", (long) IntWire.IPV4_HEADER_BYTES),
				Map.entry("IPV6_HEADER_BYTES", (long) IntWire.IPV6_HEADER_BYTES),
				Map.entry("ETHERTYPE_IPV4", (long) IntWire.ETHERTYPE_IPV4),
				Map.entry("ETHERTYPE_IPV6", (long) IntWire.ETHERTYPE_IPV6),
				Map.entry("ETHERTYPE_VLAN", (long) IntWire.ETHERTYPE_VLAN),
				Map.entry("INT_REPORT_CLONE_SESSION_ID", (long) SondePipeline.INT_REPORT_CLONE_SESSION_ID));
		java.forEach((name, value) -> assertThat(value).as(name).isEqualTo(p4("defines.p4", CONST, name)));
		assertThat(IntWire.ETHERNET_BYTES + IntWire.IPV4_HEADER_BYTES + IntWire.UDP_HEADER_BYTES)
			.isEqualTo(ReportEncapsulation.HEADER_BYTES);
	}

	@Test
	void sizesMatch() {
		assertThat(IntWire.MAX_INT_HOPS).isEqualTo(p4("sizes.p4", DEFINE, "MAX_INT_HOPS"));
		assertThat(IntWire.MAX_INT_STACK_WORDS).isEqualTo(p4("sizes.p4", DEFINE, "MAX_INT_STACK_WORDS"));
		assertThat(SondePortCounter.SIZE).isEqualTo(p4("sizes.p4", DEFINE, "MAX_PORTS"));
		assertThat(InMemorySondeTables.LPM_TABLE_SIZE).isEqualTo(p4("sizes.p4", DEFINE, "IPV4_LPM_TABLE_SIZE"));
		assertThat(InMemorySondeTables.FLOW_TABLE_SIZE).isEqualTo(p4("sizes.p4", DEFINE, "INT_WATCHLIST_TABLE_SIZE"));
	}

	@Test
	void hopWordsCountTheBitmapsItems() {
		assertThat(IntWire.hopWords(0xFF80)).isEqualTo(12);
		assertThat(IntWire.hopWords(0x8000)).isEqualTo(1);
		assertThat(IntWire.hopWords(0x0E00)).isEqualTo(6);
		assertThat(IntWire.hopWords(0x007F)).isZero();
	}

}
