package io.sonde.labeling.internal;

import java.util.Map;
import java.util.Set;

import io.sonde.labeling.LabelingDocument;
import io.sonde.labeling.LabelingMode;
import io.sonde.labeling.LabelingParameters;
import io.sonde.labeling.LabelingRejected;
import io.sonde.labeling.ParameterValues;
import io.sonde.labeling.ProbabilityFunction;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/** A labeling document is checked whole, every problem named by its path. */
class ParametersCheckTests {

	private final ParametersCheck check = new ParametersCheck(Set.of("leaf-1", "leaf-2")::contains);

	@Test
	void fillsMissingValuesWithTheDefaultsAndOverridesPerSwitch() {
		ParametersCheck.Resolved resolved = this.check
			.check(new LabelingDocument(new ParameterValues("b", 20, null, null, "f2", null, null),
					Map.of("leaf-1", new ParameterValues("PRO", 10, 5, 4, null, 6, null))));

		assertThat(resolved.network())
			.isEqualTo(new LabelingParameters(LabelingMode.B, 20, 0, 3, ProbabilityFunction.F2, 5, 100));
		assertThat(resolved.of("leaf-1"))
			.isEqualTo(new LabelingParameters(LabelingMode.PRO, 10, 5, 4, ProbabilityFunction.F2, 6, 100));
		assertThat(resolved.of("leaf-2")).isEqualTo(resolved.network());
	}

	@Test
	void namesEveryBadFieldByItsPath() {
		LabelingDocument document = new LabelingDocument(new ParameterValues("C", 0, null, 101, "F4", 9, 5), Map
			.of("leaf-1", new ParameterValues(null, 20, 30, null, null, 1, 70_000), "nowhere", ParameterValues.NONE));

		assertThatExceptionOfType(LabelingRejected.class).isThrownBy(() -> this.check.check(document))
			.satisfies((rejected) -> assertThat(rejected.problems()).extracting(LabelingRejected.FieldProblem::field)
				.containsExactly("network.mode", "network.intervalMs", "network.k", "network.probability",
						"network.maxHop", "network.telemetryIntervalMs", "switches.leaf-1.restMs",
						"switches.leaf-1.maxHop", "switches.leaf-1.telemetryIntervalMs", "switches.nowhere"));
	}

	@Test
	void refusesARestTimeLongerThanTheIntervalAlsoWhenOnlyTheIntervalIsOverridden() {
		LabelingDocument document = new LabelingDocument(new ParameterValues(null, 50, 40, null, null, null, null),
				Map.of("leaf-2", new ParameterValues(null, 20, null, null, null, null, null)));

		assertThatExceptionOfType(LabelingRejected.class).isThrownBy(() -> this.check.check(document))
			.satisfies((rejected) -> assertThat(rejected.field()).isEqualTo("switches.leaf-2.restMs"));
	}

	@Test
	void refusesAMissingDocument() {
		assertThatExceptionOfType(LabelingRejected.class).isThrownBy(() -> this.check.check(null))
			.satisfies((rejected) -> assertThat(rejected.field()).isEqualTo("$"));
	}

}
