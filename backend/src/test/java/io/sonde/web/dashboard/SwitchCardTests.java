package io.sonde.web.dashboard;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class SwitchCardTests {

	@Test
	void showsLoopbackRoundTripsToTheHundredthOfAMillisecond() {
		assertThat(SwitchCard.milliseconds(Duration.ofNanos(37_000))).isEqualTo("0.04 ms");
		assertThat(SwitchCard.milliseconds(Duration.ofNanos(9_994_000))).isEqualTo("9.99 ms");
	}

	@Test
	void showsSlowerRoundTripsWithFewerDecimals() {
		assertThat(SwitchCard.milliseconds(Duration.ofNanos(12_345_000))).isEqualTo("12.3 ms");
		assertThat(SwitchCard.milliseconds(Duration.ofMillis(1234))).isEqualTo("1234 ms");
	}

}
