package io.sonde.probes.session;

import java.time.Duration;

import io.sonde.probes.recovery.RecoveryParameters;
import io.sonde.probes.recovery.RecoveryProfile;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/** {@code sonde.probes.*}: defaults in code, and a bad value names its property. */
class ProbesPropertiesTests {

	@Test
	void defaultsToThePapersSessionsOnDemandOnly() {
		ProbesProperties defaults = properties(null, null, null, null, null, null, null);

		assertThat(defaults.enabled()).isFalse();
		assertThat(defaults.period()).isEqualTo(Duration.ofSeconds(10));
		assertThat(defaults.algorithm()).isEqualTo("gpint");
		assertThat(defaults.profile()).isEqualTo("paper");
		assertThat(defaults.parameters(RecoveryProfile.PAPER, true))
			.isEqualTo(RecoveryParameters.of(RecoveryProfile.PAPER));
		assertThat(defaults.monitor().getHostAddress()).isEqualTo("127.0.0.1");
		assertThat(defaults.lease()).isEqualTo(Duration.ofSeconds(15));
	}

	@Test
	void overridesTheProfilesTfAndRaOnlyWhenAsked() {
		ProbesProperties tuned = new ProbesProperties(true, null, null, null, null, null, "fine-tuned",
				Duration.ofMillis(250), 5, null, 4, false, null, null, null, null, null, null);

		RecoveryParameters parameters = tuned.parameters(RecoveryProfile.FINE_TUNED, true);
		assertThat(parameters.feedbackTimeout()).isEqualTo(Duration.ofMillis(250));
		assertThat(parameters.recoveryAttempts()).isEqualTo(5);
		assertThat(parameters.maxInFlight()).isEqualTo(4);
		assertThat(parameters.recoveryEnabled()).isFalse();
		assertThat(tuned.parameters(RecoveryProfile.PAPER, false).feedbackTimeout()).isEqualTo(Duration.ofMillis(1500));
	}

	@Test
	void rejectsBadValuesNamingTheProperty() {
		assertThatIllegalArgumentException().isThrownBy(() -> properties("bfs", null, null, null, null, null, null))
			.withMessageContaining("sonde.probes.algorithm");
		assertThatIllegalArgumentException().isThrownBy(() -> properties(null, 0, null, null, null, null, null))
			.withMessageContaining("sonde.probes.k");
		assertThatIllegalArgumentException().isThrownBy(() -> properties(null, 2, 3.0, null, null, null, null))
			.withMessageContaining("sonde.probes.k");
		assertThatIllegalArgumentException().isThrownBy(() -> properties("euler", null, 3.0, null, null, null, null))
			.withMessageContaining("sonde.probes.c");
		assertThatIllegalArgumentException().isThrownBy(() -> properties(null, null, null, "fast", null, null, null))
			.withMessageContaining("sonde.probes.profile");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> properties(null, null, null, null, Duration.ZERO, null, null))
			.withMessageContaining("sonde.probes.feedback-timeout");
		assertThatIllegalArgumentException().isThrownBy(() -> properties(null, null, null, null, null, 0, null))
			.withMessageContaining("sonde.probes.max-in-flight");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> properties(null, null, null, null, null, null, "localhost"))
			.withMessageContaining("sonde.probes.monitor-address");
	}

	private static ProbesProperties properties(String algorithm, Integer k, Double c, String profile,
			Duration feedbackTimeout, Integer maxInFlight, String monitor) {
		return new ProbesProperties(false, null, algorithm, k, c, null, profile, feedbackTimeout, null, null,
				maxInFlight, null, null, monitor, null, null, null, null);
	}

}
