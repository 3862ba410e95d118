package io.sonde.agents.internal;

import java.math.BigInteger;
import java.util.LinkedHashMap;
import java.util.Map;

import io.sonde.agents.AgentThresholds;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ThresholdAdaptationTests {

	private static Map<String, RedisAgentThresholds.Owned> thresholds() {
		Map<String, RedisAgentThresholds.Owned> thresholds = new LinkedHashMap<>();
		thresholds.put("hop_latency.threshold", owned(8000, 5000, false));
		thresholds.put("hop_latency.change", owned(0, 0, false));
		thresholds.put("flow_latency.threshold", owned(20000, 20000, true));
		return thresholds;
	}

	private static RedisAgentThresholds.Owned owned(long value, long floor, boolean pinned) {
		return new RedisAgentThresholds.Owned(BigInteger.valueOf(value), pinned, BigInteger.valueOf(floor), null);
	}

	@Test
	void raisesEveryUnpinnedThresholdAboveTheBudgetAndZeroByOne() {
		assertThat(ThresholdAdaptation.decide(2500, 2000, 2, thresholds())).containsExactlyInAnyOrderEntriesOf(
				Map.of("hop_latency.threshold", BigInteger.valueOf(16000), "hop_latency.change", BigInteger.ONE));
	}

	@Test
	void lowersBelowHalfTheBudgetNeverUnderTheFloor() {
		assertThat(ThresholdAdaptation.decide(100, 2000, 2, thresholds()))
			.containsExactlyEntriesOf(Map.of("hop_latency.threshold", BigInteger.valueOf(5000)));
	}

	@Test
	void leavesEverythingBetweenHalfTheBudgetAndTheBudget() {
		assertThat(ThresholdAdaptation.decide(1500, 2000, 2, thresholds())).isEmpty();
	}

	@Test
	void neverRaisesPastTheLargestThreshold() {
		Map<String, RedisAgentThresholds.Owned> top = Map.of("hop_latency.threshold", new RedisAgentThresholds.Owned(
				AgentThresholds.MAX.subtract(BigInteger.ONE), false, BigInteger.ZERO, null));
		assertThat(ThresholdAdaptation.decide(9999, 2000, 2, top))
			.containsExactlyEntriesOf(Map.of("hop_latency.threshold", AgentThresholds.MAX));
	}

	@Test
	void aZeroBudgetChangesNothing() {
		assertThat(ThresholdAdaptation.decide(1e9, 0, 2, thresholds())).isEmpty();
	}

}
