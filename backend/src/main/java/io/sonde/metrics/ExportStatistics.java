package io.sonde.metrics;

/**
 * What the metrics exporter did since start: the store stage of the accounting.
 *
 * @param eventValues events whose value the exporter took: each one stored at once, as a
 * point or, where the event log's {@code events} rows hold the values
 * ({@code sonde.metrics.event-points=auto} with QuestDB), as that row
 * @param eventPoints points made from events (one per event, written at once); none where
 * the {@code events} rows hold the values
 * @param pushPoints points made by the periodic push
 * @param written points the store accepted
 * @param dropped points dropped because the queue was full (back-pressure) or a batch
 * failed every retry
 * @param pending points queued or being written now
 * @param retries writes tried again after a failure
 * @param pushes periodic pushes done
 * @param keys metric keys the push writes
 * @param keysRefused events of new keys past {@code sonde.metrics.max-keys}, not pushed
 */
public record ExportStatistics(long eventValues, long eventPoints, long pushPoints, long written, long dropped,
		long pending, long retries, long pushes, long keys, long keysRefused) {

}
