package io.sonde.web.dashboard;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class SwitchRowTests {

	@Test
	void showsLoopbackRoundTripsToTheHundredthOfAMillisecond() {
		assertThat(SwitchRow.milliseconds(Duration.ofNanos(37_000))).isEqualTo("0.04 ms");
		assertThat(SwitchRow.milliseconds(Duration.ofNanos(9_994_000))).isEqualTo("9.99 ms");
	}

	@Test
	void showsSlowerRoundTripsWithFewerDecimals() {
		assertThat(SwitchRow.milliseconds(Duration.ofNanos(12_345_000))).isEqualTo("12.3 ms");
		assertThat(SwitchRow.milliseconds(Duration.ofMillis(1234))).isEqualTo("1234 ms");
	}

	@Test
	void namesTheProbeIntervalInSecondsOrMilliseconds() {
		assertThat(SwitchesController.durationText(Duration.ofSeconds(5))).isEqualTo("5 s");
		assertThat(SwitchesController.durationText(Duration.ofMillis(250))).isEqualTo("250 ms");
		assertThat(SwitchesController.durationText(Duration.ofMillis(1500))).isEqualTo("1500 ms");
	}

}
