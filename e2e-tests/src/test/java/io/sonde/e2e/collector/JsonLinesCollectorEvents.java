package io.sonde.e2e.collector;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.sonde.ingest.CollectorEventKind;
import io.sonde.ingest.CollectorMetric;
import io.sonde.javacollector.CollectorEvent;
import io.sonde.javacollector.CollectorFlow;
import io.sonde.javacollector.CollectorReportId;

/**
 * {@link CollectorEventSource} over the JSON lines
 * {@code xdp-collector/build/collector -e} prints: one {@code {"event": ...}} object per
 * event, one {@code {"counters": ...}} object when it stops. Lines are fed as the process
 * prints them.
 */
final class JsonLinesCollectorEvents implements CollectorEventSource {

	private static final ObjectMapper JSON = new ObjectMapper();

	private final List<CollectorEvent> events = new ArrayList<>();

	private final Map<String, Long> counters = new HashMap<>();

	/** The events and counters of the collector's standard output, saved to a file. */
	static JsonLinesCollectorEvents of(Path output) throws IOException {
		JsonLinesCollectorEvents events = new JsonLinesCollectorEvents();
		for (String line : Files.readAllLines(output)) {
			if (!line.isBlank()) {
				events.accept(line);
			}
		}
		return events;
	}

	/** Takes one line of the collector's standard output. */
	synchronized void accept(String line) {
		JsonNode node;
		try {
			node = JSON.readTree(line);
		}
		catch (Exception ex) {
			throw new IllegalStateException("collector printed a line that is not JSON: " + line, ex);
		}
		if (node.has("event")) {
			this.events.add(event(node));
		}
		else if (node.has("counters")) {
			node.get("counters").fields().forEachRemaining((field) -> {
				if (field.getValue().isNumber()) {
					this.counters.put(field.getKey(), field.getValue().asLong());
				}
			});
		}
	}

	@Override
	public synchronized List<CollectorEvent> events() {
		return List.copyOf(this.events);
	}

	@Override
	public synchronized Map<String, Long> counters() {
		return Map.copyOf(this.counters);
	}

	private static CollectorEvent event(JsonNode node) {
		JsonNode flow = node.get("flow");
		CollectorFlow key = (flow == null || flow.isNull()) ? null
				: new CollectorFlow(flow.get("src_ip").asText(), flow.get("dst_ip").asText(),
						flow.get("src_port").asInt(), flow.get("dst_port").asInt(), flow.get("protocol").asInt());
		List<Long> path = new ArrayList<>();
		if (node.has("path")) {
			node.get("path").forEach((sw) -> path.add(sw.asLong()));
		}
		return new CollectorEvent(CollectorMetric.ofWireName(node.get("event").asText()),
				CollectorEventKind.ofWireName(node.get("kind").asText()), node.get("switch_id").asLong(),
				node.get("id").asLong(), key, unsigned(node.get("value")), unsigned(node.get("previous")), path,
				report(node.get("report")));
	}

	/** {@code "report": {"seq": S, "hw_id": H, "node_id": N or null}}, or null. */
	private static CollectorReportId report(JsonNode report) {
		if (report == null || report.isNull()) {
			return null;
		}
		JsonNode node = report.get("node_id");
		return new CollectorReportId(report.get("seq").asLong(), report.get("hw_id").asLong(),
				(node == null || node.isNull()) ? null : node.asLong());
	}

	/** An unsigned 64-bit JSON number as its bits in a long. */
	private static long unsigned(JsonNode number) {
		return Long.parseUnsignedLong(number.asText());
	}

}
