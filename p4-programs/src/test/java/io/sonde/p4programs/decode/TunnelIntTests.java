package io.sonde.p4programs.decode;

import java.util.Optional;
import java.util.OptionalInt;

import org.junit.jupiter.api.Test;

import io.sonde.p4programs.capture.LinkType;
import io.sonde.p4programs.codec.DecodeLimits;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * INT-MD in GRE, VXLAN-GPE and Geneve headers: what is and is not read as INT, and where
 * the flow comes from; the golden vectors hold the frames.
 */
class TunnelIntTests {

	private static final String GRE = "int_md_v2_1_gre_all_3h";

	/** Ethernet + IPv4 + the 4-byte GRE header: the INT shim for GRE. */
	private static final int GRE_SHIM = 14 + 20 + 4;

	private final FrameDecoder decoder = new FrameDecoder();

	@Test
	void looksInTunnelsOnlyWhenTheLimitsSaySo() {
		FrameDecoder withoutTunnels = new FrameDecoder(OptionalInt.empty(),
				DecodeLimits.DEFAULT.withIntInTunnels(false));

		assertThat(line(this.decoder, GoldenFiles.frame(GRE))).isEqualTo(GoldenFiles.expectedJson(GRE));
		assertThat(withoutTunnels.decode(1, Optional.of(LinkType.ETHERNET), GoldenFiles.frame(GRE)))
			.isEqualTo(new UndecodableFrame(1, UndecodableFrame.NOT_TELEMETRY));
	}

	@Test
	void readsNoGreHeaderInALaterFragment() {
		byte[] fragment = GoldenFiles.frame(GRE);
		fragment[14 + 7] = 0x10; // fragment offset 16 (128 bytes into the datagram)

		assertThat(this.decoder.decode(1, Optional.of(LinkType.ETHERNET), fragment))
			.isEqualTo(new UndecodableFrame(1, UndecodableFrame.NOT_TELEMETRY));
	}

	@Test
	void takesTheTunnelPacketsFlowWhenWhatItCarriesIsNotIp() {
		byte[] frame = GoldenFiles.frame(GRE);
		frame[GRE_SHIM + 2] = 0x08; // Next Protocol 0x0806: ARP
		frame[GRE_SHIM + 3] = 0x06;

		TelemetryFrame decoded = (TelemetryFrame) this.decoder.decode(1, Optional.of(LinkType.ETHERNET), frame);

		assertThat(decoded.flow()).isEqualTo(new Flow("198.51.100.21", "198.51.100.22", null, null, 47));
		assertThat(decoded.intStack().hops()).hasSize(3);
	}

	@Test
	void readsOnlyTheIntMdOptionOfGeneve() {
		String vector = "int_md_v2_1_geneve_swid_3h";
		byte[] frame = GoldenFiles.frame(vector);
		// Ethernet, IPv4, UDP, Geneve (8), the experimental option (8): the
		// INT option's Type.
		int type = 14 + 20 + 8 + 8 + 8 + 2;
		assertThat(frame[type]).isEqualTo((byte) 1);
		frame[type] = 3; // INT-MX: not decoded

		assertThat(line(this.decoder, GoldenFiles.frame(vector))).isEqualTo(GoldenFiles.expectedJson(vector));
		assertThat(this.decoder.decode(1, Optional.of(LinkType.ETHERNET), frame))
			.isEqualTo(new UndecodableFrame(1, UndecodableFrame.NOT_TELEMETRY));
	}

	private static String line(FrameDecoder decoder, byte[] frame) {
		return JsonLines.line(decoder.decode(1, Optional.of(LinkType.ETHERNET), frame));
	}

}
