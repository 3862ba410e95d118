package io.sonde.labeling.internal;

import io.sonde.labeling.LabelingMode;
import io.sonde.labeling.ProbabilityFunction;
import io.sonde.p4programs.SondePipeline;
import io.sonde.p4programs.SondePipeline.LabelMode;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Base B's probability tables and the data-plane mode, as the desired state writes them.
 */
class LabelingSwitchSettingsTests {

	private static final int ALWAYS = SondePipeline.LABEL_PROBABILITY_ALWAYS;

	@Test
	void fOneLabelsEveryPacketThatCarriesAnItemAlready() {
		assertThat(LabelingSwitchSettings.threshold(ProbabilityFunction.F1, 0, 5)).isZero();
		for (int n = 1; n <= 5; n++) {
			assertThat(LabelingSwitchSettings.threshold(ProbabilityFunction.F1, n, 5)).as("n = %d", n)
				.isEqualTo(ALWAYS);
		}
	}

	@Test
	void fTwoAndFThreeGrowAsNOverMaxHopLessOneCappedAtOne() {
		for (ProbabilityFunction f : new ProbabilityFunction[] { ProbabilityFunction.F2, ProbabilityFunction.F3 }) {
			assertThat(LabelingSwitchSettings.threshold(f, 0, 5)).isZero();
			assertThat(LabelingSwitchSettings.threshold(f, 1, 5)).isEqualTo(16_384);
			assertThat(LabelingSwitchSettings.threshold(f, 2, 5)).isEqualTo(32_768);
			assertThat(LabelingSwitchSettings.threshold(f, 3, 5)).isEqualTo(49_152);
			assertThat(LabelingSwitchSettings.threshold(f, 4, 5)).isEqualTo(ALWAYS);
			assertThat(LabelingSwitchSettings.threshold(f, 5, 5)).isEqualTo(ALWAYS);
			assertThat(LabelingSwitchSettings.threshold(f, 1, 2)).as("MAX_hop 2: f(1) = 1").isEqualTo(ALWAYS);
		}
	}

	@Test
	void proRunsBaseBInTheDataPlane() {
		assertThat(LabelingSwitchSettings.dataPlaneMode(LabelingMode.A)).isEqualTo(LabelMode.BASE_A);
		assertThat(LabelingSwitchSettings.dataPlaneMode(LabelingMode.B)).isEqualTo(LabelMode.BASE_B);
		assertThat(LabelingSwitchSettings.dataPlaneMode(LabelingMode.PRO)).isEqualTo(LabelMode.BASE_B);
	}

}
