package io.sonde.collectorfleet.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import io.sonde.collectorfleet.Accounting;
import io.sonde.collectorfleet.Accounting.Stage;
import io.sonde.collectorfleet.CollectorAccounting;
import io.sonde.collectorfleet.CollectorStatus;
import io.sonde.metrics.ExportStatistics;
import io.sonde.ingest.IngestStatistics;
import io.sonde.metrics.MetricsExport;

/**
 * The accounting from the numbers each stage keeps: the switches' report sequence
 * registers, the collectors' counters hashes (the XDP daemon's and the Java collector's),
 * the events appended, the metrics exporter. M_all is the collectors'
 * {@code metric_values} counter (the Java collector counts it per report as Section V-B2
 * does); a collector without it is named, so M_all is then a lower bound.
 */
class PipelineAccounting implements CollectorAccounting {

	private static final String DROP = "drop_";

	private final CountersHashes counters;

	private final EventsCounter events;

	private final SwitchExports switches;

	private final MetricsExport metrics;

	private final IngestStatistics ingest;

	PipelineAccounting(CountersHashes counters, EventsCounter events, SwitchExports switches, MetricsExport metrics,
			IngestStatistics ingest) {
		this.ingest = ingest;
		this.counters = counters;
		this.events = events;
		this.switches = switches;
		this.metrics = metrics;
	}

	@Override
	public List<CollectorStatus> collectors() {
		return this.counters.all();
	}

	@Override
	public Accounting accounting() {
		List<CollectorStatus> collectors = this.counters.all();
		long metricValues = 0;
		List<String> uncounted = new ArrayList<>();
		for (CollectorStatus collector : collectors) {
			if (collector.counters().containsKey("metric_values")) {
				metricValues += collector.counter("metric_values");
			}
			else {
				uncounted.add(collector.node() + "/" + collector.ifname());
			}
		}
		long stored = this.events.total();
		Double ratio = (metricValues > 0) ? (double) stored / metricValues : null;
		List<Stage> stages = List.of(switchExport(collectors), collectorParse(collectors), ringBuffer(collectors),
				redis(collectors), backendIngest(), eventsStored(stored), store());
		return new Accounting(metricValues, uncounted, stored, ratio, this.events.byMetric(), stages);
	}

	private Stage switchExport(List<CollectorStatus> collectors) {
		Map<String, Object> perSwitch = this.switches.perSwitch();
		long exported = perSwitch.values().stream().mapToLong((v) -> (v instanceof Long n) ? n : 0).sum();
		return new Stage("switch_export", !perSwitch.isEmpty(),
				"reports the switches sent (sonde.p4 " + SwitchExports.REGISTER
						+ "); lost: sequence numbers the collectors never saw",
				exported, Map.of("sequence_gaps", sum(collectors, "reports_lost")), perSwitch);
	}

	private static Stage collectorParse(List<CollectorStatus> collectors) {
		Map<String, Long> drops = new TreeMap<>();
		for (CollectorStatus collector : collectors) {
			collector.counters().forEach((name, value) -> {
				if (name.startsWith(DROP)) {
					drops.merge(name.substring(DROP.length()), collector.counter(name), Long::sum);
				}
			});
		}
		return new Stage("collector_parse", !collectors.isEmpty(),
				"frames or datagrams the collectors saw; lost: malformed reports by reason", sum(collectors, "packets"),
				drops, details(collectors, "reports", "reports_no_int"));
	}

	private static Stage ringBuffer(List<CollectorStatus> collectors) {
		return new Stage("ring_buffer", !collectors.isEmpty(),
				"events detected; lost: events the full ring refused (the Java collector has no ring)",
				sum(collectors, "events"),
				Map.of("events_lost", sum(collectors, "events_lost"), "map_full", sum(collectors, "map_full")),
				details(collectors, "ring_events"));
	}

	private static Stage redis(List<CollectorStatus> collectors) {
		Map<String, Long> lost = new LinkedHashMap<>();
		lost.put("redis_dropped", sum(collectors, "redis_dropped"));
		lost.put("redis_rejected", sum(collectors, "redis_rejected"));
		lost.put("unformattable", sum(collectors, "unformattable"));
		return new Stage("redis", !collectors.isEmpty(),
				"events handed to the publisher; lost: back-pressure drops, refused commands",
				sum(collectors, "ring_events"), lost, details(collectors, "published", "buffered"));
	}

	/**
	 * The ingest module publishes no statistics of its stream reading yet, so this stage
	 * says so instead of guessing.
	 */
	private Stage backendIngest() {
		if (this.ingest == null) {
			return new Stage("backend_ingest", false, "ingest of the Redis stream is off in this backend", null,
					Map.of(), Map.of());
		}
		Map<String, Long> lost = new TreeMap<>();
		this.ingest.deadLettered().forEach((reason, count) -> lost.put("dead_letter_" + reason, count));
		Map<String, Object> details = new TreeMap<>();
		details.put("stored", this.ingest.stored());
		details.put("claimed", this.ingest.claimed());
		if (this.ingest.lastError() != null) {
			details.put("last_error", this.ingest.lastError());
			details.put("last_error_at", String.valueOf(this.ingest.lastErrorAt()));
		}
		return new Stage("backend_ingest", true,
				"entries this backend read from sonde:stream:events; lost: parked in the dead-letter stream by reason",
				this.ingest.read(), lost, details);
	}

	private static Stage eventsStored(long stored) {
		return new Stage("events_stored", true, "M_event: events the event log appended since this backend started",
				stored, Map.of(), Map.of());
	}

	private Stage store() {
		ExportStatistics export = this.metrics.statistics();
		Map<String, Object> details = new LinkedHashMap<>();
		details.put("written", export.written());
		details.put("pending", export.pending());
		details.put("retries", export.retries());
		details.put("event_values", export.eventValues());
		details.put("event_points", export.eventPoints());
		details.put("push_points", export.pushPoints());
		details.put("pushes", export.pushes());
		return new Stage("store", true,
				"metric values for the time-series store: every event's (a point, or in QuestDB its events row) and "
						+ "every push's points; lost: dropped points",
				export.eventValues() + export.pushPoints(), Map.of("dropped", export.dropped()), details);
	}

	private static long sum(List<CollectorStatus> collectors, String counter) {
		return collectors.stream().mapToLong((c) -> c.counter(counter)).sum();
	}

	private static Map<String, Object> details(List<CollectorStatus> collectors, String... counters) {
		Map<String, Object> out = new LinkedHashMap<>();
		for (String counter : counters) {
			out.put(counter, sum(collectors, counter));
		}
		return out;
	}

}
