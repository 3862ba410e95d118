package io.sonde.emulator.p4rt;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import com.google.protobuf.ByteString;
import io.grpc.Status;
import io.sonde.emulator.state.TestPrograms;
import io.sonde.p4runtime.client.Mastership;
import io.sonde.p4runtime.client.NotPrimary;
import io.sonde.p4runtime.client.P4RuntimeClient;
import io.sonde.p4runtime.info.P4InfoIndex;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import p4.v1.PacketIn;
import p4.v1.PacketMetadata;
import p4.v1.StreamError;

import static io.sonde.emulator.p4rt.SwitchUnderTest.WAIT;
import static io.sonde.emulator.p4rt.SwitchUnderTest.next;
import static io.sonde.emulator.p4rt.SwitchUnderTest.queue;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * PacketOut and PacketIn on the StreamChannel (spec §16.1) between the p4runtime client
 * and one emulated switch: the hooks a data plane uses. Packets through a topology are
 * the emulator's own tests.
 */
@Timeout(60)
class PacketIoConformanceIntegrationTests {

	private SwitchUnderTest sw;

	private record Sent(byte[] payload, int egressPort) {
	}

	private final BlockingQueue<Sent> dataPlane = queue();

	private void start(P4InfoIndex program) {
		this.sw = SwitchUnderTest.start("tor1", 7, program);
		this.sw.server().setPacketOutHandler((payload, port) -> this.dataPlane.add(new Sent(payload, port)));
	}

	@AfterEach
	void stopSwitch() {
		this.sw.close();
	}

	private static PacketMetadata metadata(int id, int value) {
		return PacketMetadata.newBuilder()
			.setMetadataId(id)
			.setValue(io.sonde.p4runtime.bytes.Bytestrings.encode(value, 9))
			.build();
	}

	@Test
	void aPacketOutOfThePrimaryReachesTheDataPlane() throws Exception {
		start(TestPrograms.everyKind());
		P4RuntimeClient primary = this.sw.primaryWithPipeline();

		primary.packetOut(new byte[] { 1, 2, 3 }, List.of(metadata(1, 3)));

		Sent sent = next(this.dataPlane);
		assertThat(sent.payload()).containsExactly(1, 2, 3);
		assertThat(sent.egressPort()).isEqualTo(3);
	}

	@Test
	void aPacketOutWithWrongMetadataIsAnsweredWithAStreamError() throws Exception {
		start(TestPrograms.everyKind());
		P4RuntimeClient primary = this.sw.primaryWithPipeline();
		BlockingQueue<StreamError> errors = queue();
		primary.onStreamError(errors::add);

		primary.packetOut(new byte[] { 9 }, List.of(metadata(1, 3), metadata(5, 0)));

		StreamError error = next(errors);
		assertThat(error.getCanonicalCode()).isEqualTo(Status.Code.INVALID_ARGUMENT.value());
		assertThat(error.getPacketOut().getPacketOut().getPayload()).isEqualTo(ByteString.copyFrom(new byte[] { 9 }));
		// The switch decides before it answers, so nothing was handed on by now.
		assertThat(this.dataPlane).isEmpty();
	}

	@Test
	void aSwitchWithoutDataPlaneSaysSo() throws Exception {
		start(TestPrograms.everyKind());
		this.sw.server().setPacketOutHandler(null);
		P4RuntimeClient primary = this.sw.primaryWithPipeline();
		BlockingQueue<StreamError> errors = queue();
		primary.onStreamError(errors::add);

		primary.packetOut(new byte[] { 9 }, List.of(metadata(1, 3)));

		assertThat(next(errors).getCanonicalCode()).isEqualTo(Status.Code.UNAVAILABLE.value());
	}

	@Test
	void aBackupCannotSendPackets() {
		start(TestPrograms.everyKind());
		this.sw.primaryWithPipeline();
		P4RuntimeClient backup = this.sw.connect(5);

		assertThatExceptionOfType(NotPrimary.class)
			.isThrownBy(() -> backup.packetOut(new byte[] { 1 }, List.of(metadata(1, 1))));
	}

	@Test
	void aPacketInReachesThePrimaryWithItsIngressPort() throws Exception {
		start(TestPrograms.everyKind());
		P4RuntimeClient primary = this.sw.primaryWithPipeline();
		BlockingQueue<PacketIn> received = queue();
		primary.onPacketIn(received::add);

		assertThat(this.sw.server().sendPacketIn(new byte[] { 4, 5 }, 5)).isTrue();

		PacketIn packet = next(received);
		assertThat(packet.getPayload().toByteArray()).containsExactly(4, 5);
		assertThat(packet.getMetadataList()).containsExactly(metadata(1, 5), metadata(2, 0));
	}

	@Test
	void withoutAPrimaryAPacketInIsDropped() {
		start(TestPrograms.everyKind());
		P4RuntimeClient primary = this.sw.primaryWithPipeline();
		P4RuntimeClient backup = this.sw.connect(5);
		primary.close();
		backup.awaitMastership(Mastership.State.NO_PRIMARY, WAIT);

		assertThat(this.sw.server().sendPacketIn(new byte[] { 1 }, 1)).isFalse();
	}

	/**
	 * 2 MiB at once, as a virtual-time run makes them, to a primary that reads nothing
	 * meanwhile: more than gRPC's 32 KiB send buffer and the client's 1 MiB flow-control
	 * window, less than the CPU port's queue.
	 */
	@Test
	void aBurstOfPacketInsWaitsForASlowPrimaryInsteadOfBeingDropped() throws Exception {
		start(TestPrograms.everyKind());
		CountDownLatch reading = new CountDownLatch(1);
		BlockingQueue<PacketIn> received = slowPrimary(reading);
		int burst = 2 * 1024;

		for (int i = 0; i < burst; i++) {
			assertThat(this.sw.server().sendPacketIn(numberedKilobyte(i), 1)).as("packet-in %d", i).isTrue();
		}
		reading.countDown();

		for (int i = 0; i < burst; i++) {
			assertThat(numberOf(next(received))).as("in order").isEqualTo(i);
		}
	}

	@Test
	void packetInsBeyondTheCpuPortQueueAreDroppedAndTheOthersArrive() throws Exception {
		start(TestPrograms.everyKind());
		CountDownLatch reading = new CountDownLatch(1);
		BlockingQueue<PacketIn> received = slowPrimary(reading);
		int queueFrames = StreamSession.CPU_PORT_QUEUE_BYTES / 1024;

		List<Integer> accepted = new ArrayList<>();
		for (int i = 0; i < 3 * queueFrames; i++) {
			if (this.sw.server().sendPacketIn(numberedKilobyte(i), 1)) {
				accepted.add(i);
			}
		}
		reading.countDown();

		assertThat(accepted).as("the queue and what gRPC took before it filled")
			.hasSizeGreaterThanOrEqualTo(queueFrames)
			.hasSizeLessThan(3 * queueFrames);
		for (int number : accepted) {
			assertThat(numberOf(next(received))).isEqualTo(number);
		}
	}

	/** The primary, whose gRPC thread waits until {@code reading} opens. */
	private BlockingQueue<PacketIn> slowPrimary(CountDownLatch reading) {
		P4RuntimeClient primary = this.sw.primaryWithPipeline();
		BlockingQueue<PacketIn> received = queue();
		primary.onPacketIn((packet) -> {
			try {
				reading.await(WAIT.toMillis(), TimeUnit.MILLISECONDS);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
			received.add(packet);
		});
		return received;
	}

	private static byte[] numberedKilobyte(int number) {
		return ByteBuffer.allocate(1024).putInt(number).array();
	}

	private static int numberOf(PacketIn packet) {
		return packet.getPayload().asReadOnlyByteBuffer().getInt();
	}

	@Test
	void aProgramWithoutControllerHeadersUsesMetadataOneForThePort() throws Exception {
		start(P4InfoIndex.of(TestPrograms.everyKind().p4Info().toBuilder().clearControllerPacketMetadata().build()));
		P4RuntimeClient primary = this.sw.primaryWithPipeline();
		BlockingQueue<PacketIn> received = queue();
		primary.onPacketIn(received::add);

		primary.packetOut(new byte[] { 1 }, List.of(metadata(1, 6)));
		this.sw.server().sendPacketIn(new byte[] { 2 }, 8);

		assertThat(next(this.dataPlane).egressPort()).isEqualTo(6);
		assertThat(next(received).getMetadataList()).containsExactly(metadata(1, 8));
	}

}
