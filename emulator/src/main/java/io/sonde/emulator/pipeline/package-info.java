/**
 * The emulated switch's data plane: sonde.p4 (p4-programs/src/main/p4) executed in Java
 * on real frame bytes, control by control. Each class names the P4 control or parser it
 * mirrors: {@code SondeParser}, {@link io.sonde.emulator.pipeline.SondeIngress}
 * (Forwarding, GPINT probes, IntSink with EventFilter, IntSource) and
 * {@link io.sonde.emulator.pipeline.SondeEgress} (IntTransit, GPINT hop insertion,
 * IntReport, SondeComputeChecksum). SQR's stored probe copies and their timeouts live in
 * {@link io.sonde.emulator.pipeline.SondeSwitch}, on the network's scheduler.
 * <p>
 * {@link io.sonde.emulator.pipeline.SondeSwitch} is the network's
 * {@link io.sonde.emulator.net.SwitchDataPlane}: ingress runs when a packet arrives (at
 * its ingress timestamp) and says drop or queue on a port; the emulated queue holds it;
 * egress runs when it leaves the queue, with the egress timestamp and the queue depth at
 * dequeue (v1model's {@code deq_qdepth}, which sonde.p4 reads), so hop latency and queue
 * occupancy in INT come from the emulated queueing. What v1model carries from ingress to
 * egress travels as {@link io.sonde.emulator.pipeline.IngressResult#bridged()} in the
 * packet's bridged metadata; egress finds the headers again by parsing the bytes ingress
 * left. A report clone skips the queues: it becomes a report at once
 * ({@link io.sonde.emulator.pipeline.SondeEgress#applyClone}), so the sink's own hop
 * latency in a report is 0, and leaves through the switch node's report sink.
 * <p>
 * Choices where the P4 leaves room:
 * <ul>
 * <li>Times are a 48-bit switch clock the caller passes; {@code SondeSwitch} derives it
 * from emulated time ({@link io.sonde.emulator.pipeline.SondeSwitchOptions}: BMv2's
 * microseconds by default, or nanoseconds). The pipeline never reads a clock.</li>
 * <li>Egress TX utilization and buffer occupancy stay unavailable (all ones), as sonde.p4
 * writes them ({@code IntTransit} says why).</li>
 * <li>GPINT probes are decoded and re-encoded whole with the p4-programs probe codec
 * (io.sonde.p4programs.codec.GpintProbeCodec) rather than parsed into headers; the bytes
 * that leave are the P4's.</li>
 * <li>The sink's event filter reads the typed INT stack with the INT codec
 * (io.sonde.p4programs.codec), only for the algorithms that need values; transit and
 * source write header fields in place, and the source's 16 header bytes come from the
 * codec once per watchlist action.</li>
 * <li>In ingress, forwarding's header writes (MACs, TTL) are applied after the sink has
 * cloned the packet as received, which BMv2's ingress-to-egress clone gives; nothing in
 * between reads those fields.</li>
 * </ul>
 * Tables and registers are reached through {@link io.sonde.emulator.pipeline.SondeTables}
 * and {@link io.sonde.emulator.pipeline.SondeRegisters}: in memory
 * ({@link io.sonde.emulator.pipeline.InMemorySondeTables},
 * {@link io.sonde.emulator.pipeline.InMemorySondeRegisters}) for tests and virtual-time
 * experiments, or over a P4Runtime server's state
 * ({@link io.sonde.emulator.pipeline.SwitchStateTables},
 * {@link io.sonde.emulator.pipeline.SwitchStateRegisters}).
 * {@link io.sonde.emulator.pipeline.GroundTruth} records what went into each packet and
 * report.
 */
package io.sonde.emulator.pipeline;
