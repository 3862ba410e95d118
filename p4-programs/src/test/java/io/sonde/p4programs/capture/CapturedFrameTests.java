package io.sonde.p4programs.capture;

import java.time.Instant;
import java.util.Optional;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class CapturedFrameTests {

	private static CapturedFrame frame(byte[] data, int originalLength) {
		return new CapturedFrame(3, Instant.ofEpochSecond(5), 1, Optional.of(LinkType.ETHERNET), 0, data,
				originalLength);
	}

	@Test
	void comparesFramesByTheirBytes() {
		CapturedFrame one = frame(new byte[] { 1, 2, 3 }, 3);
		CapturedFrame same = frame(new byte[] { 1, 2, 3 }, 3);
		CapturedFrame other = frame(new byte[] { 1, 2, 4 }, 3);

		assertThat(one).isEqualTo(same).hasSameHashCodeAs(same).isNotEqualTo(other);
		assertThat(one).isNotEqualTo(frame(new byte[] { 1, 2, 3 }, 4));
	}

	@Test
	void tellsWhetherTheCaptureCutTheFrame() {
		assertThat(frame(new byte[10], 10).isTruncated()).isFalse();
		assertThat(frame(new byte[10], 1500).isTruncated()).isTrue();
	}

	@Test
	void describesItselfWithoutDumpingItsBytes() {
		assertThat(frame(new byte[10], 1500)).hasToString(
				"CapturedFrame[number=3, timestamp=1970-01-01T00:00:05Z, linkTypeCode=1, interfaceId=0, captured=10, originalLength=1500]");
	}

}
