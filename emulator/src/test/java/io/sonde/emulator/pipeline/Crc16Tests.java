package io.sonde.emulator.pipeline;

import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class Crc16Tests {

	@Test
	void givesTheCheckValueOfCrc16Arc() {
		int crc = 0;
		for (byte b : "123456789".getBytes(StandardCharsets.US_ASCII)) {
			crc = Crc16.update(crc, b, 1);
		}
		assertThat(crc).isEqualTo(0xBB3D);
	}

	@Test
	void hashesTheFieldListAsItsThirteenBytes() {
		int src = TestFrames.address(10, 0, 0, 1);
		int dst = TestFrames.address(10, 0, 1, 2);
		int bytewise = 0;
		byte[] list = { 10, 0, 0, 1, 10, 0, 1, 2, 17, 0x13, (byte) 0x88, 0x17, 0x70 };
		for (byte b : list) {
			bytewise = Crc16.update(bytewise, b, 1);
		}
		assertThat(Crc16.flowHash(src, dst, 17, 5000, 6000)).isEqualTo(bytewise);
		assertThat(Crc16.flowHash(src, dst, 17, 5000, 6001)).isNotEqualTo(bytewise);
	}

}
