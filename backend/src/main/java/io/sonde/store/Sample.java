package io.sonde.store;

import java.time.Instant;

/** One value of a series at one instant, as read back from the time-series store. */
public record Sample(Instant time, double value) {

}
