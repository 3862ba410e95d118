/**
 * Benchmarks of the sonde.p4 data plane in the emulated network (main classes, not
 * tests): {@link io.sonde.emulator.pipeline.bench.SondePipelineBenchmark}.
 */
package io.sonde.emulator.pipeline.bench;
