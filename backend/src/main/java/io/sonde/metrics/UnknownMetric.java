package io.sonde.metrics;

import java.util.List;

/** A metrics query naming a metric Sonde's collectors do not report. */
public class UnknownMetric extends MetricQueryRejected {

	private final List<String> known;

	public UnknownMetric(String metric, List<String> known) {
		super("metric", "'" + metric + "' is not a metric Sonde knows; known metrics: " + String.join(", ", known));
		this.known = List.copyOf(known);
	}

	/** The metrics that are. */
	public List<String> known() {
		return this.known;
	}

}
