package io.sonde.emulator.net;

/**
 * Ground truth: sees every packet that leaves an egress queue for the wire, after the
 * egress stage ran, with the true enqueue/dequeue times and queue depths. It watches
 * every queue, hosts' NICs included ({@link EgressContext#node()} tells which). Tests
 * compare what a collector reports against what this saw.
 */
@FunctionalInterface
public interface QueueingRecorder {

	void onDequeue(EgressContext egress);

}
