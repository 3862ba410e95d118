package io.sonde.e2e.repro.gpint;

import java.util.List;
import java.util.Map;

import io.sonde.e2e.repro.gpint.BackgroundCounters.BackgroundWindow;

/**
 * One scenario of one repetition on one network: the background over the whole scenario
 * (probes and requests included) and every session, by method.
 */
record ScenarioRun(int switches, int repetition, Scenario scenario, BackgroundWindow background,
		Map<Method, List<SessionResult>> sessions) {

	ScenarioRun {
		sessions = Map.copyOf(sessions);
	}

}
