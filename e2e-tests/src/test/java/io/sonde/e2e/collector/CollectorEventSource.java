package io.sonde.e2e.collector;

import java.util.List;
import java.util.Map;

import io.sonde.javacollector.CollectorEvent;

/**
 * The XDP collector's output as the comparison reads it: its events, in delivery order,
 * and its counters. The one place that knows the delivery format: today the collector's
 * JSON lines on standard output ({@link JsonLinesCollectorEvents}); when the daemon
 * publishes to a Redis Stream, an implementation reading the stream's entries replaces it
 * and the test stays as it is.
 */
interface CollectorEventSource {

	/** Events delivered so far, in order. */
	List<CollectorEvent> events();

	/**
	 * The collector's counters by name ({@code packets}, {@code reports}, {@code events},
	 * {@code events_lost}, ...), empty until it has published them.
	 */
	Map<String, Long> counters();

}
