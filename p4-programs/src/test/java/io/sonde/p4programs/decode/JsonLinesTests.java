package io.sonde.p4programs.decode;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.sonde.p4programs.codec.HopValue;
import io.sonde.p4programs.codec.IntHop;

import static org.assertj.core.api.Assertions.assertThat;

class JsonLinesTests {

	@Test
	void printsAnErrorObject() {
		assertThat(JsonLines.line(new UndecodableFrame(7, "bad_length")))
			.isEqualTo("{\"frame\": 7, \"error\": \"bad_length\"}");
	}

	@Test
	void printsNullsWhereAReportHasNoPacketAndNoInt() {
		TelemetryFrame frame = new TelemetryFrame(2, "TR1.0", 0L, 1L, 4294967295L, null, null);
		assertThat(JsonLines.line(frame)).isEqualTo("{\"frame\": 2, \"format\": \"TR1.0\", \"seq\": 0, \"hw_id\": 1, "
				+ "\"node_id\": 4294967295, \"flow\": null, \"int\": null}");
	}

	@Test
	void printsSixtyFourBitValuesUnsignedAndOnlyTheSchemaKeysInSchemaOrder() {
		Map<HopValue, Long> values = new EnumMap<>(HopValue.class);
		values.put(HopValue.EGRESS_TS, -1L);
		values.put(HopValue.SWITCH_ID, 0xFFFF_FFFFL);
		values.put(HopValue.CHECKSUM_COMPLEMENT, 5L);
		values.put(HopValue.DROP_REASON, 6L);
		values.put(HopValue.QUEUE_CONGESTION_STATUS, 7L);
		IntStack stack = new IntStack(2, 0x8401, 4, 3, List.of(new IntHop(values, List.of(9L))));
		Flow flow = new Flow("2001:db8::1", "192.0.2.1", null, null, 1);
		String line = JsonLines.line(new TelemetryFrame(1, "INT-MD", null, null, null, flow, stack));
		assertThat(line).isEqualTo("{\"frame\": 1, \"format\": \"INT-MD\", \"seq\": null, \"hw_id\": null, "
				+ "\"node_id\": null, \"flow\": {\"src_ip\": \"2001:db8::1\", \"dst_ip\": \"192.0.2.1\", "
				+ "\"src_port\": null, \"dst_port\": null, \"protocol\": 1}, \"int\": {\"version\": 2, "
				+ "\"instructions\": 33793, \"hop_ml\": 4, \"remaining_hop_count\": 3, \"hops\": [{\"switch_id\": "
				+ "4294967295, \"egress_ts\": 18446744073709551615}]}}");
	}

	@Test
	void escapesStringsAsJsonRequires() {
		String line = JsonLines.line(new UndecodableFrame(1, "quote \" backslash \\ tab \t bell \u0007 é"));
		assertThat(JsonTrees.parse(line).get("error").asText()).isEqualTo("quote \" backslash \\ tab \t bell \u0007 é");
		assertThat(line).contains("\\u0007").contains("\\u00e9");
	}

}
