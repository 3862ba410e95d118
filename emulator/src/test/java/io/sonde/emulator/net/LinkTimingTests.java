package io.sonde.emulator.net;

import java.util.List;

import org.junit.jupiter.api.Test;

import io.sonde.emulator.net.NetworkFixture.Received;

import static io.sonde.emulator.net.NetworkFixture.serialization;
import static org.assertj.core.api.Assertions.assertThat;

class LinkTimingTests {

	private final NetworkFixture fixture = new NetworkFixture(1);

	@Test
	void framesArriveAfterSerializationAtTheBandwidthPlusThePropagationDelay() {
		long bandwidth = 1_000_000_000L;
		long delay = 5_000;
		int overhead = 24;
		HostNode a = this.fixture.host("a", 1);
		HostNode b = this.fixture.host("b", 2);
		this.fixture.connect(a, 1, b, 1, new LinkParameters(bandwidth, delay, 0, 0.0, 100, overhead));
		List<Received> arrivals = this.fixture.recordArrivals(b);
		for (int i = 0; i < 3; i++) {
			this.fixture.sendAt(0, a, 1000);
		}
		this.fixture.sendAt(100_000, a, 200);
		this.fixture.clock.runUntil(1_000_000);

		long big = serialization(1000, overhead, bandwidth);
		long small = serialization(200, overhead, bandwidth);
		// Back to back: each frame waits for the ones before it on the transmitter.
		assertThat(arrivals).extracting(Received::time)
			.containsExactly(big + delay, 2 * big + delay, 3 * big + delay, 100_000 + small + delay);
	}

	@Test
	void aSwitchStoresAndForwardsSoEachLinkAddsItsOwnSerializationAndDelay() {
		HostNode a = this.fixture.host("a", 1);
		HostNode b = this.fixture.host("b", 2);
		SwitchNode s = this.fixture.switchNode("s", 1);
		LinkParameters fast = new LinkParameters(10_000_000_000L, 1_000, 0, 0.0, 100, 24);
		LinkParameters slow = new LinkParameters(100_000_000L, 2_000, 0, 0.0, 100, 24);
		this.fixture.connect(a, 1, s, 1, fast);
		this.fixture.connect(s, 2, b, 1, slow);
		s.setDataPlane(context -> context.emit(2));
		List<Received> arrivals = this.fixture.recordArrivals(b);
		this.fixture.sendAt(0, a, 500);
		this.fixture.clock.runUntil(1_000_000);

		long expected = serialization(500, 24, 10_000_000_000L) + 1_000 + serialization(500, 24, 100_000_000L) + 2_000;
		assertThat(arrivals).extracting(Received::time).containsExactly(expected);
	}

	@Test
	void jitterVariesTheDelayWithinItsBoundsWithoutReordering() {
		long bandwidth = 1_000_000_000L;
		long delay = 10_000;
		long jitter = 3_000;
		HostNode a = this.fixture.host("a", 1);
		HostNode b = this.fixture.host("b", 2);
		this.fixture.connect(a, 1, b, 1, new LinkParameters(bandwidth, delay, jitter, 0.0, 1000, 24));
		List<Received> arrivals = this.fixture.recordArrivals(b);
		long spacing = 50_000;
		for (int i = 0; i < 200; i++) {
			this.fixture.sendAt(i * spacing, a, 100);
		}
		// A burst sent faster than the jitter range: reordering would show here.
		for (int i = 0; i < 200; i++) {
			this.fixture.sendAt(20_000_000, a, 100);
		}
		this.fixture.clock.runUntil(30_000_000);

		long ser = serialization(100, 24, bandwidth);
		List<Long> spacedDelays = arrivals.subList(0, 200)
			.stream()
			.map(r -> r.time() - ser - (r.id() - arrivals.get(0).id()) * spacing)
			.toList();
		assertThat(spacedDelays).allSatisfy(d -> assertThat(d).isBetween(delay - jitter, delay + jitter));
		assertThat(spacedDelays.stream().distinct().count()).as("distinct delays").isGreaterThan(50);
		assertThat(arrivals).hasSize(400);
		assertThat(arrivals).extracting(Received::id).isSorted();
		assertThat(arrivals).extracting(Received::time).isSorted();
	}

}
