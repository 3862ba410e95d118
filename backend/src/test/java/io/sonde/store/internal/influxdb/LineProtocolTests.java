package io.sonde.store.internal.influxdb;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.sonde.store.MetricPoint;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Points rendered as line protocol by the rules InfluxDB and QuestDB parse. */
class LineProtocolTests {

	private static final Instant AT = Instant.parse("2026-11-25T10:00:00.000000123Z");

	@Test
	void namesAreEscapedStringsQuotedIntegersMarked() {
		Map<String, String> tags = new LinkedHashMap<>();
		tags.put("metric key", "a,b=c");
		Map<String, Object> fields = new LinkedHashMap<>();
		fields.put("value", 2.5);
		fields.put("count", 7L);
		fields.put("note", "say \"hi\" \\o/");
		fields.put("up", true);

		String line = LineProtocol.of(List.of(new MetricPoint("int metrics,x", tags, fields, AT)));

		assertThat(line).startsWith("int\\ metrics\\,x,metric\\ key=a\\,b\\=c ")
			.contains("value=2.5")
			.contains("count=7i")
			.contains("note=\"say \\\"hi\\\" \\\\o/\"")
			.contains("up=true")
			.endsWith(" " + (AT.getEpochSecond() * 1_000_000_000L + 123) + "\n");
	}

	@Test
	void floatsAreNeverInExponentForm() {
		String line = LineProtocol.of(List.of(new MetricPoint("m", Map.of(), Map.of("v", 1.5e12), AT),
				new MetricPoint("m", Map.of(), Map.of("v", 2.5e-7), AT)));

		assertThat(line).contains("v=1500000000000 ").contains("v=0.00000025 ").doesNotContain("E");
	}

	@Test
	void nonFiniteFieldsAndPointsLeftWithoutFieldsAreLeftOut() {
		Map<String, Object> mixed = new LinkedHashMap<>();
		mixed.put("a", Double.NaN);
		mixed.put("b", 3L);
		String line = LineProtocol.of(List.of(new MetricPoint("m", Map.of(), mixed, AT),
				new MetricPoint("m", Map.of(), Map.of("a", Double.POSITIVE_INFINITY), AT)));

		assertThat(line).isEqualTo("m b=3i " + (AT.getEpochSecond() * 1_000_000_000L + 123) + "\n");
	}

}
