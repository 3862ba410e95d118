package io.sonde.e2e.repro.gpint;

/**
 * How the monitoring module collects the network's telemetry in one session: probes on
 * GPINT-c paths (k = floor(c|V|/10), §V-B), GPINT-3 with the fine-tuned recovery
 * parameters (GPINT-3-FT, §V-B3: t_f 0.4 s, r_a 2), probes on Euler (INT-Path) paths, or
 * polling every switch one by one (the paper's SNMP).
 */
enum Method {

	GPINT_2("gpint2", "GPINT-2"), GPINT_3("gpint3", "GPINT-3"), GPINT_5("gpint5", "GPINT-5"),
	GPINT_3_FT("gpint3ft", "GPINT-3-FT"), EULER("euler", "Euler"), POLLING("polling", "polling");

	private final String label;

	private final String title;

	Method(String label, String title) {
		this.label = label;
		this.title = title;
	}

	/** For CSV rows and REPRO keys. */
	String label() {
		return this.label;
	}

	/** For charts. */
	String title() {
		return this.title;
	}

	/** The GPINT-c factor, or 0 for Euler and polling. */
	double gpintFactor() {
		return switch (this) {
			case GPINT_2 -> 2;
			case GPINT_3, GPINT_3_FT -> 3;
			case GPINT_5 -> 5;
			case EULER, POLLING -> 0;
		};
	}

	boolean fineTuned() {
		return this == GPINT_3_FT;
	}

}
