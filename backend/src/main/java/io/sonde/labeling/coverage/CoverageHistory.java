package io.sonde.labeling.coverage;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.logging.Level;
import java.util.logging.Logger;

import io.sonde.labeling.CoverageSample;
import io.sonde.store.MetricPoint;
import io.sonde.store.Sample;
import io.sonde.store.SeriesQuery;
import io.sonde.store.TimeSeriesStore;

/**
 * The coverage samples of the last {@code keep}, newest last: in memory for the page and
 * the API, and written in batches to the time-series store (measurement
 * {@value #MEASUREMENT}, one row per window at its end) so that a restarted backend loads
 * them back. A store that cannot be reached loses the rows of that batch, not the memory.
 */
final class CoverageHistory {

	static final String MEASUREMENT = "labeling_coverage";

	/** Samples kept at most, whatever {@code keep} and Ti give (15 min at Ti = 10 ms). */
	static final int MAX_SAMPLES = 90_000;

	private static final Logger logger = Logger.getLogger(CoverageHistory.class.getName());

	private static final List<String> FIELDS = List.of("rate", "active", "covered", "bandwidth_occupation",
			"labeled_packets", "exported_packets", "start_ms");

	private final TimeSeriesStore store;

	private final Duration keep;

	private final Deque<CoverageSample> samples = new ArrayDeque<>();

	private final List<MetricPoint> unwritten = new ArrayList<>();

	private boolean storeFailing;

	CoverageHistory(TimeSeriesStore store, Duration keep) {
		this.store = store;
		this.keep = keep;
	}

	synchronized void add(CoverageSample sample) {
		this.samples.addLast(sample);
		Instant oldest = sample.end().minus(this.keep);
		while (this.samples.size() > MAX_SAMPLES || this.samples.getFirst().end().isBefore(oldest)) {
			this.samples.removeFirst();
		}
		if (this.store != null) {
			this.unwritten.add(point(sample));
		}
	}

	synchronized CoverageSample latest() {
		return this.samples.peekLast();
	}

	/** The samples whose window ended within {@code back} of the newest, oldest first. */
	synchronized List<CoverageSample> back(Duration back) {
		CoverageSample newest = this.samples.peekLast();
		if (newest == null) {
			return List.of();
		}
		Instant from = newest.end().minus(back);
		return this.samples.stream().filter((sample) -> !sample.end().isBefore(from)).toList();
	}

	/**
	 * Writes what was added since the last call; failures are logged, once per outage.
	 */
	void flush() {
		List<MetricPoint> batch;
		synchronized (this) {
			if (this.unwritten.isEmpty()) {
				return;
			}
			batch = List.copyOf(this.unwritten);
			this.unwritten.clear();
		}
		try {
			this.store.write(batch);
			if (this.storeFailing) {
				logger.info("labeling coverage: the time-series store takes the history again");
			}
			this.storeFailing = false;
		}
		catch (RuntimeException ex) {
			if (!this.storeFailing) {
				logger.log(Level.WARNING, "labeling coverage: " + batch.size()
						+ " windows not written to the time-series store: " + ex.getMessage());
			}
			this.storeFailing = true;
		}
	}

	/** Loads the stored samples of the last {@code keep} before {@code now}. */
	void load(Instant now) {
		Instant from = now.minus(this.keep);
		Map<Instant, Map<String, Double>> rows = new TreeMap<>();
		try {
			for (String field : FIELDS) {
				for (Sample value : this.store.read(new SeriesQuery(MEASUREMENT, field, Map.of(), from, now))) {
					rows.computeIfAbsent(value.time(), (time) -> new HashMap<>()).put(field, value.value());
				}
			}
		}
		catch (RuntimeException ex) {
			logger.log(Level.WARNING,
					"labeling coverage: no history loaded from the time-series store: " + ex.getMessage());
			return;
		}
		synchronized (this) {
			rows.forEach((end, row) -> {
				if (row.keySet().containsAll(FIELDS)) {
					this.samples.addLast(sample(end, row));
				}
			});
		}
	}

	private static MetricPoint point(CoverageSample sample) {
		Map<String, Object> fields = new HashMap<>();
		fields.put("rate", sample.rate());
		fields.put("active", (long) sample.active());
		fields.put("covered", (long) sample.covered());
		fields.put("bandwidth_occupation", sample.bandwidthOccupation());
		fields.put("labeled_packets", sample.labeledPackets());
		fields.put("exported_packets", sample.exportedPackets());
		fields.put("start_ms", sample.start().toEpochMilli());
		return new MetricPoint(MEASUREMENT, Map.of(), fields, sample.end());
	}

	private static CoverageSample sample(Instant end, Map<String, Double> row) {
		return new CoverageSample(Instant.ofEpochMilli(row.get("start_ms").longValue()), end,
				row.get("active").intValue(), row.get("covered").intValue(), row.get("rate"),
				row.get("bandwidth_occupation"), row.get("labeled_packets").longValue(),
				row.get("exported_packets").longValue());
	}

}
