package io.sonde.emulator.run;

/**
 * Counters of an {@link EmulatedNetwork} at one moment, read on the scheduler's thread so
 * they are consistent with each other.
 *
 * @param emulatedNanos emulated time
 * @param switches switches in the network
 * @param switchesServing switches whose P4Runtime server is listening
 * @param switchesProgrammed switches a controller gave a pipeline
 * (SetForwardingPipelineConfig)
 * @param hostPacketsSent packets the hosts sent
 * @param hostPacketsReceived packets the hosts received
 * @param packetHops frames delivered across links
 * @param reports telemetry reports the switches emitted
 * @param drops packets dropped: full queues, the pipelines, links (loss), data-plane
 * failures
 */
public record EmulationStatus(long emulatedNanos, int switches, int switchesServing, int switchesProgrammed,
		long hostPacketsSent, long hostPacketsReceived, long packetHops, long reports, long drops) {
}
