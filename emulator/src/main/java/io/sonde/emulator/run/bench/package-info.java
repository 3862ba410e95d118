/**
 * The emulator's benchmark ({@code make bench-emulator}): packet-hops per second of the
 * assembled emulator, with the network core's figure as the baseline measured in the same
 * run. Benchmarks are commands, never timed tests.
 */
package io.sonde.emulator.run.bench;
