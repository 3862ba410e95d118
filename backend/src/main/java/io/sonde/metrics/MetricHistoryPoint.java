package io.sonde.metrics;

import java.time.Instant;

/**
 * One downsampled interval of a metric key's history.
 *
 * @param time the interval's start
 * @param mean the mean of the values in it
 * @param min the smallest
 * @param max the largest
 * @param count how many values
 */
public record MetricHistoryPoint(Instant time, double mean, double min, double max, long count) {

}
