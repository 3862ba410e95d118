package io.sonde.emulator.net;

/**
 * The egress stage of a pipeline: called when a packet leaves its egress queue and before
 * it is serialized, which is when a real switch's egress pipeline sees the dequeue
 * metadata (v1model {@code enq_timestamp}, {@code deq_timedelta}, {@code deq_qdepth}).
 * INT transit fills hop latency, queue occupancy and the egress timestamp here; whatever
 * length the frame has afterwards is what goes on the wire.
 * <p>
 * A data plane passes the same long-lived observer for every packet it emits, so nothing
 * is allocated per packet.
 */
@FunctionalInterface
public interface EgressObserver {

	void onEgress(EgressContext egress);

}
