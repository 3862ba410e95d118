package io.sonde.emulator.net;

import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.sonde.emulator.net.NetworkFixture.Received;

import static io.sonde.emulator.net.NetworkFixture.serialization;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SwitchProcessingRateTests {

	private static final LinkParameters LINK = new LinkParameters(1_000_000_000L, 1_000, 0, 0.0, 100, 24);

	/** 1,000 packets/s: a millisecond per packet. */
	private static final long SERVICE = 1_000_000;

	private final NetworkFixture fixture = new NetworkFixture(3);

	private HostNode a;

	private SwitchNode s;

	private List<Received> atB;

	@BeforeEach
	void twoHostsOnOneSwitchThatForwardsEverythingToB() {
		this.a = this.fixture.host("a", 1);
		HostNode b = this.fixture.host("b", 2);
		this.s = this.fixture.switchNode("s", 7);
		this.fixture.connect(this.a, 1, this.s, 1, LINK);
		this.fixture.connect(b, 1, this.s, 2, LINK);
		this.atB = this.fixture.recordArrivals(b);
		this.s.setDataPlane(context -> context.emit(2));
	}

	@Test
	void framesArrivingTogetherLeaveOneServiceTimeApart() {
		this.s.setProcessingRate(new ProcessingRate(1_000, 10));
		for (int i = 0; i < 3; i++) {
			this.fixture.sendAt(0, this.a, 100);
		}
		this.fixture.clock.runUntil(10 * SERVICE);

		long wire = serialization(100, 24, LINK.bandwidthBitsPerSecond()) + LINK.propagationDelayNanos();
		// The host serializes them back to back; the processor is the bottleneck.
		assertThat(this.atB).extracting(Received::time)
			.containsExactly(wire + SERVICE + wire, wire + 2 * SERVICE + wire, wire + 3 * SERVICE + wire);
		assertThat(this.s.processedPackets()).isEqualTo(3);
		assertThat(this.s.processingBusyNanos()).isEqualTo(3 * SERVICE);
		assertThat(this.s.processingDrops()).isZero();
	}

	@Test
	void aFullInputBufferDropsTheFramesThatDoNotFit() {
		this.s.setProcessingRate(new ProcessingRate(1_000, 2));
		for (int i = 0; i < 5; i++) {
			this.fixture.sendAt(0, this.a, 100);
		}
		this.fixture.clock.runUntil(10 * SERVICE);

		// One in service, two waiting, two dropped.
		assertThat(this.atB).hasSize(3);
		assertThat(this.s.processingDrops()).isEqualTo(2);
		assertThat(this.fixture.pool.inUse()).isZero();
	}

	@Test
	void injectedFramesWaitForTheProcessorLikeArrivingOnes() {
		this.s.setProcessingRate(new ProcessingRate(1_000, 10));
		this.fixture.sendAt(0, this.a, 100);
		this.fixture.scheduler.schedule(10, () -> this.s.injectIngress(510, new byte[64], 0, 64));
		this.fixture.clock.runUntil(10 * SERVICE);

		long wire = serialization(100, 24, LINK.bandwidthBitsPerSecond()) + LINK.propagationDelayNanos();
		long injectedWire = serialization(64, 24, LINK.bandwidthBitsPerSecond()) + LINK.propagationDelayNanos();
		// The injected frame came first and is processed first.
		assertThat(this.atB).extracting(Received::time)
			.containsExactly(10 + SERVICE + injectedWire, 10 + 2 * SERVICE + wire);
	}

	@Test
	void withoutAProcessingRateThePipelineRunsAtOnce() {
		this.fixture.sendAt(0, this.a, 100);
		this.fixture.clock.runUntil(SERVICE);
		long wire = serialization(100, 24, LINK.bandwidthBitsPerSecond()) + LINK.propagationDelayNanos();
		assertThat(this.atB).extracting(Received::time).containsExactly(2 * wire);
		assertThat(this.s.processingRate()).isNull();
		assertThat(this.s.processedPackets()).isZero();
	}

	@Test
	void losingPowerLosesTheFramesWaitingForTheProcessor() {
		this.s.setProcessingRate(new ProcessingRate(1_000, 10));
		for (int i = 0; i < 4; i++) {
			this.fixture.sendAt(0, this.a, 100);
		}
		this.fixture.scheduler.schedule(SERVICE / 2, this.s::powerOff);
		this.fixture.clock.runUntil(10 * SERVICE);

		assertThat(this.atB).isEmpty();
		assertThat(this.s.droppedWhilePoweredOff()).isEqualTo(4);
		assertThat(this.fixture.pool.inUse()).isZero();
	}

	@Test
	void rejectsARateOrABufferThatCannotWork() {
		assertThatThrownBy(() -> new ProcessingRate(0, 10)).isInstanceOf(IllegalArgumentException.class)
			.hasMessageContaining("processing rate");
		assertThatThrownBy(() -> new ProcessingRate(1_000, 0)).isInstanceOf(IllegalArgumentException.class)
			.hasMessageContaining("at least one packet");
	}

}
