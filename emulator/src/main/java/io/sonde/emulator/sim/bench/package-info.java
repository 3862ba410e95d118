/**
 * Benchmarks of the network core, run as programs (never as tests):
 * {@link io.sonde.emulator.sim.bench.NetworkCoreBenchmark} measures packet-hops per
 * second in virtual time.
 */
package io.sonde.emulator.sim.bench;
