package io.sonde.emulator.p4rt;

import com.google.protobuf.ByteString;
import io.grpc.Status;
import io.sonde.emulator.state.TestPrograms;
import io.sonde.p4runtime.info.P4InfoIndex;
import org.junit.jupiter.api.Test;
import p4.config.v1.P4Info;
import p4.v1.PacketIn;
import p4.v1.PacketMetadata;
import p4.v1.PacketOut;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/** Packet-out and packet-in metadata per the program's controller headers (§16.1). */
class PacketIoLayoutTests {

	private final PacketIoLayout layout = PacketIoLayout.of(TestPrograms.everyKind());

	private static PacketMetadata metadata(int id, int... value) {
		byte[] bytes = new byte[value.length];
		for (int i = 0; i < value.length; i++) {
			bytes[i] = (byte) value[i];
		}
		return PacketMetadata.newBuilder().setMetadataId(id).setValue(ByteString.copyFrom(bytes)).build();
	}

	private static PacketOut packet(PacketMetadata... metadata) {
		return PacketOut.newBuilder()
			.setPayload(ByteString.copyFromUtf8("frame"))
			.addAllMetadata(java.util.List.of(metadata))
			.build();
	}

	@Test
	void readsTheEgressPortOfAPacketOut() {
		assertThat(this.layout.egressPort(packet(metadata(1, 1, 4)))).isEqualTo(260);
	}

	@Test
	void refusesMissingUnknownRepeatedOrTooWideMetadata() {
		assertRefused(packet(), Status.Code.INVALID_ARGUMENT);
		assertRefused(packet(metadata(1, 1), metadata(2, 0)), Status.Code.INVALID_ARGUMENT);
		assertRefused(packet(metadata(1, 1), metadata(1, 2)), Status.Code.INVALID_ARGUMENT);
		assertRefused(packet(metadata(1, 2, 0)), Status.Code.OUT_OF_RANGE);
	}

	private void assertRefused(PacketOut packet, Status.Code code) {
		assertThatExceptionOfType(RequestRefused.class).isThrownBy(() -> this.layout.egressPort(packet))
			.satisfies((ex) -> assertThat(ex.code()).isEqualTo(code));
	}

	@Test
	void aPacketInCarriesEveryPacketInFieldWithTheIngressPort() {
		PacketIn packet = this.layout.packetIn(new byte[] { 1, 2 }, 300);

		assertThat(packet.getPayload().toByteArray()).containsExactly(1, 2);
		assertThat(packet.getMetadataList()).containsExactly(metadata(1, 1, 44), metadata(2, 0));
	}

	@Test
	void aProgramWithoutControllerHeadersUsesMetadataOneForThePort() {
		P4Info bare = TestPrograms.everyKind().p4Info().toBuilder().clearControllerPacketMetadata().build();
		PacketIoLayout implied = PacketIoLayout.of(P4InfoIndex.of(bare));

		assertThat(implied.egressPort(packet(metadata(1, 7)))).isEqualTo(7);
		assertThat(implied.packetIn(new byte[0], 5).getMetadataList()).containsExactly(metadata(1, 5));
	}

}
