package io.sonde.emulator.net;

import java.util.List;

import org.junit.jupiter.api.Test;

import io.sonde.emulator.net.NetworkFixture.Received;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A switch that loses power drops what waits in its queues and every frame that reaches
 * it, counting them, and forwards again once powered on.
 */
class SwitchPowerTests {

	private final NetworkFixture fixture = new NetworkFixture(4);

	private final HostNode a = this.fixture.host("a", 1);

	private final HostNode b = this.fixture.host("b", 2);

	private final SwitchNode s = this.fixture.switchNode("s", 1);

	private final List<Received> atB;

	SwitchPowerTests() {
		this.fixture.connect(this.a, 1, this.s, 1, new LinkParameters(1_000_000_000L, 1_000, 0, 0.0, 100, 24));
		// A slow way out, so packets queue at port 2.
		this.fixture.connect(this.s, 2, this.b, 1, new LinkParameters(1_000_000L, 1_000, 0, 0.0, 100, 24));
		this.s.setDataPlane((context) -> context.emit(2));
		this.atB = this.fixture.recordArrivals(this.b);
	}

	@Test
	void aSwitchWithoutPowerLosesItsQueuesAndDropsWhatArrivesUntilPoweredOn() {
		for (int i = 0; i < 5; i++) {
			this.fixture.sendAt(0, this.a, 500);
		}
		// At 1 Mbit/s a frame takes ~4 ms: at 1 ms the first is on the wire, four wait.
		this.fixture.scheduler.schedule(1_000_000, this.s::powerOff);
		this.fixture.sendAt(2_000_000, this.a, 500);
		this.fixture.scheduler.schedule(20_000_000, () -> this.s.injectIngress(1, new byte[64], 0, 64));
		this.fixture.clock.runUntil(30_000_000);

		assertThat(this.s.isPoweredOn()).isFalse();
		assertThat(this.atB).as("only the frame already being sent").hasSize(1);
		assertThat(this.s.droppedWhilePoweredOff()).as("4 queued, 1 arriving, 1 injected").isEqualTo(6);
		assertThat(this.fixture.pool.inUse()).isZero();

		this.s.powerOn();
		this.fixture.sendAt(40_000_000, this.a, 500);
		this.fixture.clock.runUntil(60_000_000);

		assertThat(this.atB).hasSize(2);
		assertThat(this.s.droppedWhilePoweredOff()).isEqualTo(6);
	}

}
