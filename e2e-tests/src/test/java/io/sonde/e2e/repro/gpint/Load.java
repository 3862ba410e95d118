package io.sonde.e2e.repro.gpint;

/**
 * The background load of an experiment, as the offered packet rate at the busiest switch
 * over its processing rate. The paper's two loads, 10,000 and 14,000 pps, kept
 * utilization at 85-92% without drops and pushed the switches past 100% with drops
 * (§V-B1) on its machine; ours are defined on the emulated switches' processing rate so
 * they mean the same on any machine: {@link #LOW} loads the busiest switch to 90%, and
 * {@link #HIGH} sends 14,000 / 10,000 times as much, 126%.
 */
enum Load {

	LOW("low", 0.90), HIGH("high", 0.90 * 14_000 / 10_000);

	private final String label;

	private final double busiestSwitchUtilization;

	Load(String label, double busiestSwitchUtilization) {
		this.label = label;
		this.busiestSwitchUtilization = busiestSwitchUtilization;
	}

	String label() {
		return this.label;
	}

	/** Offered packets per second at the busiest switch over its processing rate. */
	double busiestSwitchUtilization() {
		return this.busiestSwitchUtilization;
	}

}
