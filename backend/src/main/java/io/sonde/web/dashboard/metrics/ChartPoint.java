package io.sonde.web.dashboard.metrics;

import java.time.Instant;

/** One point of a metric's chart: an interval's mean value. */
public record ChartPoint(Instant at, double value) {

}
