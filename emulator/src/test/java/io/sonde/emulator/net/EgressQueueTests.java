package io.sonde.emulator.net;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import io.sonde.emulator.net.NetworkFixture.Received;

import static io.sonde.emulator.net.NetworkFixture.serialization;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A host sends bursts over a fast link into a switch whose egress link is slow, so the
 * switch's egress queue fills; the tests compute from the link parameters when each
 * packet must arrive, start transmission and how deep the queue must be.
 */
class EgressQueueTests {

	private static final long FAST = 10_000_000_000L;

	private static final long SLOW = 1_000_000_000L;

	private static final long FAST_DELAY = 1_000;

	private static final int OVERHEAD = 24;

	private static final int FRAME = 1000;

	private final NetworkFixture fixture = new NetworkFixture(3);

	private HostNode sender;

	private HostNode receiver;

	private SwitchNode bottleneck;

	private void build(int egressCapacity, EgressObserver egress) {
		this.sender = this.fixture.host("sender", 1);
		this.receiver = this.fixture.host("receiver", 2);
		this.bottleneck = this.fixture.switchNode("s", 1);
		this.fixture.connect(this.sender, 1, this.bottleneck, 1,
				new LinkParameters(FAST, FAST_DELAY, 0, 0.0, 1000, OVERHEAD));
		this.fixture.connect(this.bottleneck, 2, this.receiver, 1,
				new LinkParameters(SLOW, 0, 0, 0.0, egressCapacity, OVERHEAD));
		this.bottleneck.setDataPlane(context -> context.emit(2, egress));
	}

	@Test
	void dropTailDropsExactlyThePacketsBeyondCapacity() {
		int capacity = 4;
		int burst = 10;
		build(capacity, null);
		List<Received> arrivals = this.fixture.recordArrivals(this.receiver);
		for (int i = 0; i < burst; i++) {
			this.fixture.sendAt(0, this.sender, FRAME);
		}
		this.fixture.clock.runUntil(10_000_000);

		// The rest of the burst reaches the switch before its first packet is serialized
		// out, so one is on the wire, `capacity` wait and the rest find the queue full.
		assertThat((burst - 1) * serialization(FRAME, OVERHEAD, FAST)).isLessThan(serialization(FRAME, OVERHEAD, SLOW));
		int expectedDrops = burst - 1 - capacity;
		PortCounters egress = this.bottleneck.port(2).counters();
		assertThat(egress.queueDrops()).isEqualTo(expectedDrops);
		assertThat(egress.transmittedPackets()).isEqualTo(burst - expectedDrops);
		assertThat(this.bottleneck.port(1).counters().receivedPackets()).isEqualTo(burst);
		long firstId = arrivals.get(0).id();
		assertThat(arrivals).extracting(r -> r.id() - firstId).containsExactly(0L, 1L, 2L, 3L, 4L);
		assertThat(this.bottleneck.port(2).queue().maxDepth()).isEqualTo(capacity);
		assertThat(this.fixture.pool.inUse()).isZero();
	}

	@Test
	void eachPacketSeesTheQueueDepthAndWaitOfTheHandComputedSchedule() {
		List<Observed> observed = new ArrayList<>();
		List<Observed> groundTruth = new ArrayList<>();
		build(100, egress -> observed.add(Observed.of(egress)));
		this.fixture.network.setQueueingRecorder(egress -> groundTruth.add(Observed.of(egress)));
		long[] sendTimes = { 0, 0, 0, 0, 0, 20_000, 20_000, 60_000 };
		for (long t : sendTimes) {
			this.fixture.sendAt(t, this.sender, FRAME);
		}
		this.fixture.clock.runUntil(1_000_000);

		List<Observed> expected = handComputedSchedule(sendTimes);
		assertThat(observed).isEqualTo(expected);
		// The ground-truth recorder saw the same values at the switch (and also the
		// sender's own NIC queue, which it watches too).
		assertThat(groundTruth.stream().filter(o -> o.node().equals("s")).toList()).isEqualTo(expected);
		assertThat(observed).allSatisfy(o -> assertThat(o.hopLatency()).isEqualTo(o.queueWait()));
		assertThat(observed.stream().mapToInt(Observed::depthAtEnqueue).max().getAsInt()).isGreaterThan(2);
	}

	/**
	 * The schedule from first principles: the sender's NIC serializes back to back at the
	 * fast rate; the switch queues FIFO and starts each packet when the slow transmitter
	 * frees up.
	 */
	private static List<Observed> handComputedSchedule(long[] sendTimes) {
		long serFast = serialization(FRAME, OVERHEAD, FAST);
		long serSlow = serialization(FRAME, OVERHEAD, SLOW);
		int n = sendTimes.length;
		long[] arrival = new long[n];
		long[] start = new long[n];
		long nicFree = 0;
		for (int i = 0; i < n; i++) {
			long nicStart = Math.max(sendTimes[i], nicFree);
			nicFree = nicStart + serFast;
			arrival[i] = nicFree + FAST_DELAY;
		}
		for (int i = 0; i < n; i++) {
			start[i] = (i == 0) ? arrival[0] : Math.max(arrival[i], start[i - 1] + serSlow);
		}
		List<Observed> schedule = new ArrayList<>();
		for (int i = 0; i < n; i++) {
			int ahead = 0;
			for (int j = 0; j < i; j++) {
				if (start[j] > arrival[i]) {
					ahead++;
				}
			}
			int behind = 0;
			for (int j = i + 1; j < n; j++) {
				if (arrival[j] < start[i]) {
					behind++;
				}
			}
			schedule.add(new Observed("s", arrival[i], start[i], start[i] - arrival[i], ahead, behind,
					start[i] - arrival[i]));
		}
		return schedule;
	}

	record Observed(String node, long enqueue, long egress, long queueWait, int depthAtEnqueue, int depthAtDequeue,
			long hopLatency) {

		static Observed of(EgressContext egress) {
			return new Observed(egress.node().name(), egress.enqueueTimestampNanos(), egress.egressTimestampNanos(),
					egress.queueWaitNanos(), egress.queueDepthAtEnqueue(), egress.queueDepthAtDequeue(),
					egress.egressTimestampNanos() - egress.ingressTimestampNanos());
		}

	}

}
