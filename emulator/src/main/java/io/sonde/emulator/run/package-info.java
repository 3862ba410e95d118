/**
 * The emulator assembled: {@link io.sonde.emulator.run.EmulatedNetwork} runs a topology
 * as a network of P4Runtime switches on 127.0.0.1, each executing sonde.p4 over the state
 * its P4Runtime server holds, with packet I/O through a
 * {@link io.sonde.emulator.run.CpuPort CPU port}, telemetry reports sent as UDP datagrams
 * to a collector, pcap captures of links and of the report stream, a ground-truth dump,
 * and a virtual or real-time clock.
 * <p>
 * A switch forwards nothing until a controller has set its pipeline and written entries,
 * as a real one: P4Runtime refuses writes before SetForwardingPipelineConfig, and every
 * table of sonde.p4 misses into {@code drop} when empty. The emulator's own controller is
 * {@code io.sonde.emulator.provision}.
 */
package io.sonde.emulator.run;
