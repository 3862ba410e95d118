package io.sonde.emulator.net;

import java.util.List;

import org.junit.jupiter.api.Test;

import io.sonde.emulator.net.NetworkFixture.Received;

import static io.sonde.emulator.net.NetworkFixture.serialization;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Links changed while the emulation runs: cut (both directions drop everything, frames on
 * the wire included, and count it), mended, and given another delay, bandwidth or loss
 * from the next frame on, until reset to what they were built with.
 */
class LinkFaultsTests {

	private static final long GIGABIT = 1_000_000_000L;

	private static final LinkParameters BUILT = new LinkParameters(GIGABIT, 1_000, 0, 0.0, 100, 24);

	private final NetworkFixture fixture = new NetworkFixture(3);

	private final HostNode a = this.fixture.host("a", 1);

	private final HostNode b = this.fixture.host("b", 2);

	private final Link link = this.fixture.connect(this.a, 1, this.b, 1, BUILT);

	private final List<Received> atA = this.fixture.recordArrivals(this.a);

	private final List<Received> atB = this.fixture.recordArrivals(this.b);

	@Test
	void aCutLinkDropsEveryFrameBothWaysAndCountsThemUntilMended() {
		this.link.setUp(false);
		for (int i = 0; i < 5; i++) {
			this.fixture.sendAt(i * 10_000L, this.a, 100);
			this.fixture.sendAt(i * 10_000L, this.b, 100);
		}
		this.fixture.clock.runUntil(1_000_000);

		assertThat(this.atA).isEmpty();
		assertThat(this.atB).isEmpty();
		assertThat(this.link.isUp()).isFalse();
		assertThat(this.link.droppedWhileDown()).isEqualTo(10);
		assertThat(this.link.forward().droppedWhileDown()).isEqualTo(5);
		assertThat(this.link.deliveredPackets()).isZero();
		assertThat(this.fixture.pool.inUse()).as("every dropped packet went back to the pool").isZero();

		this.link.setUp(true);
		this.fixture.sendAt(2_000_000, this.a, 100);
		this.fixture.sendAt(2_000_000, this.b, 100);
		this.fixture.clock.runUntil(3_000_000);

		assertThat(this.atA).hasSize(1);
		assertThat(this.atB).hasSize(1);
		assertThat(this.link.droppedWhileDown()).isEqualTo(10);
	}

	@Test
	void aFrameOnTheWireWhenTheLinkIsCutNeverArrives() {
		this.link.setParameters(new LinkParameters(GIGABIT, 1_000_000, 0, 0.0, 100, 24));
		this.fixture.sendAt(0, this.a, 100);
		// Serialized after ~1 µs, then 1 ms on the wire: cut half-way.
		this.fixture.scheduler.schedule(500_000, () -> this.link.setUp(false));
		this.fixture.clock.runUntil(5_000_000);

		assertThat(this.atB).isEmpty();
		assertThat(this.link.forward().droppedWhileDown()).isEqualTo(1);
	}

	@Test
	void aNewDelayAppliesFromTheNextFrameAndAResetRestoresTheBuiltOne() {
		long frame = serialization(100, 24, GIGABIT);
		this.fixture.sendAt(0, this.a, 100);
		this.fixture.scheduler.schedule(100_000,
				() -> this.link.setParameters(new LinkParameters(GIGABIT, 50_000, 0, 0.0, 100, 24)));
		this.fixture.sendAt(200_000, this.a, 100);
		this.fixture.scheduler.schedule(400_000, this.link::resetParameters);
		this.fixture.sendAt(500_000, this.a, 100);
		this.fixture.clock.runUntil(1_000_000);

		assertThat(this.atB).extracting(Received::time)
			.containsExactly(frame + 1_000, 200_000 + frame + 50_000, 500_000 + frame + 1_000);
		assertThat(this.link.parameters()).isEqualTo(BUILT).isEqualTo(this.link.configuredParameters());
	}

	@Test
	void aLowerBandwidthSerializesTheNextFramesMoreSlowly() {
		long slow = 10_000_000L;
		this.link.setParameters(BUILT.withBandwidth(slow));
		this.fixture.sendAt(0, this.a, 1000);
		this.fixture.clock.runUntil(10_000_000);

		assertThat(this.atB).extracting(Received::time).containsExactly(serialization(1000, 24, slow) + 1_000);
		assertThat(this.link.reverse().parameters().bandwidthBitsPerSecond()).as("both directions change")
			.isEqualTo(slow);
	}

	@Test
	void certainLossSetWhileRunningLosesEveryLaterFrameAndOnlyThose() {
		for (int i = 0; i < 10; i++) {
			this.fixture.sendAt(i * 100_000L, this.a, 100);
		}
		this.fixture.scheduler.schedule(450_000, () -> this.link.setParameters(BUILT.withLossProbability(1.0)));
		this.fixture.clock.runUntil(2_000_000);

		assertThat(this.atB).hasSize(5);
		assertThat(this.link.lostPackets()).isEqualTo(5);
	}

}
