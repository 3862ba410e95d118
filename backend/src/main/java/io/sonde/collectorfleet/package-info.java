/**
 * The collector fleet as the backend sees it, XDP and Java collectors alike: their
 * thresholds T(m) set for all of them at once, their counters and liveness, and the
 * accounting of what the pipeline kept and lost from the switches to the store (paper
 * Section V-B2). The collectors themselves are xdp-collector/ and
 * {@code io.sonde.javacollector}.
 */
@org.springframework.modulith.ApplicationModule(displayName = "Collector fleet")
package io.sonde.collectorfleet;
