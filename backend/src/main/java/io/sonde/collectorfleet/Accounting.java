package io.sonde.collectorfleet;

import java.util.List;
import java.util.Map;

/**
 * What the pipeline kept and lost, per stage, and the paper's reduction (Section V-B2).
 *
 * @param metricValues M_all: the metric values the reports carried, what would have been
 * stored without event detection; counted by the collectors that count it
 * @param metricValuesUncounted collectors whose counters do not say M_all (so it is a
 * lower bound while any is listed)
 * @param eventsStored M_event: events the event log appended since this backend started
 * @param eventRatio M_event / M_all, null while M_all is 0
 * @param eventsByMetric M_event per metric
 * @param stages each stage from the switches to the store
 */
public record Accounting(long metricValues, List<String> metricValuesUncounted, long eventsStored, Double eventRatio,
		Map<String, Long> eventsByMetric, List<Stage> stages) {

	/**
	 * One stage of the pipeline.
	 *
	 * @param name {@code switch_export}, {@code collector_parse}, {@code ring_buffer},
	 * {@code redis}, {@code backend_ingest}, {@code store}
	 * @param available whether this backend can see the stage's numbers
	 * @param note why not, or what the numbers mean
	 * @param arrived what the stage took in
	 * @param lost what it lost, by reason
	 * @param details the numbers behind them (per switch, per collector, ...)
	 */
	public record Stage(String name, boolean available, String note, Long arrived, Map<String, Long> lost,
			Map<String, Object> details) {
	}

}
