/**
 * The emulated network: packets, nodes (switches and hosts) with numbered ports, links,
 * egress queues, counters and taps.
 *
 * <h2>A packet's path through a switch: ingress, queue, egress</h2>
 *
 * A real switch processes a packet in two pipelines separated by its traffic manager (the
 * PSA and v1model architectures: ingress, buffer/queue, egress). INT transit depends on
 * that split: hop latency, queue occupancy and the egress timestamp are known only after
 * the packet has been through the queue (INT 2.1 §5.8, the egress timestamp and queue
 * metadata of a hop), so a real switch writes them in its egress pipeline. The emulator
 * keeps the same two stages:
 * <ol>
 * <li><b>Arrival.</b> The last bit arrives at time t: the packet's ingress timestamp is t
 * and its ingress port the port it came in on. Port counters and taps see it.</li>
 * <li><b>Ingress stage.</b> {@link io.sonde.emulator.net.SwitchDataPlane#process} runs at
 * t with a {@link io.sonde.emulator.net.PacketContext}: it parses, looks up tables, may
 * rewrite the frame, and decides: {@code emit(port, egressObserver)}, {@code drop()},
 * {@code emitCopy} (clone), {@code sendReport} or {@code sendToController}. It may leave
 * up to 64 bits of bridged metadata in the packet for its egress stage.</li>
 * <li><b>Queue.</b> The packet enters the egress port's
 * {@link io.sonde.emulator.net.EgressQueue} at t, behind d packets (d is recorded), or is
 * dropped if the queue is full (drop-tail). It waits until the port's transmitter is
 * free.</li>
 * <li><b>Egress stage.</b> When it leaves the queue at time e, the
 * {@link io.sonde.emulator.net.EgressObserver} given at emit runs with an
 * {@link io.sonde.emulator.net.EgressContext}: egress timestamp e, wait e − t, depth at
 * enqueue d and at dequeue, ingress facts and bridged metadata. INT transit pushes its
 * hop here; the sink's report is built here or at ingress. A
 * {@link io.sonde.emulator.net.QueueingRecorder} sees the same facts as ground
 * truth.</li>
 * <li><b>Wire.</b> The frame, at its final length, occupies the transmitter for its
 * serialization time at the link's bandwidth, is lost with the link's loss probability,
 * and arrives at the far end after the propagation delay (± jitter, never
 * reordered).</li>
 * </ol>
 * So the numbers INT carries come from the emulated queueing: with zero pipeline latency,
 * hop latency = e − t is exactly the queueing delay of that packet at that port.
 *
 * <h2>Performance and ownership</h2>
 *
 * Everything here runs on the scheduler's thread. Packets and their frame arrays are
 * pooled ({@link io.sonde.emulator.net.PacketPool}); each hop costs two scheduler events
 * (end of transmission, arrival) and no allocation. Callbacks (taps, sinks, receivers,
 * observers) get buffers that are reused after they return: copy what you keep.
 */
package io.sonde.emulator.net;
