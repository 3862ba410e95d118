package io.sonde.emulator.pipeline;

/**
 * The P4Info names of sonde.p4's INT-label tables, actions, registers and counters
 * (INTLABEL-DECISIONS.md "Names and ids"), spelled once for the twin.
 */
final class LabelNames {

	static final String FLOWS = "SondeIngress.label_ingress.label_flows";

	static final String SPECIFIC_FLOW = "SondeIngress.label_ingress.label_specific_flow";

	static final String FLOW_LAST_TIME = "SondeIngress.label_ingress.label_flow_last_time";

	static final String SETTINGS = "SondeEgress.label_egress.label_settings";

	static final String SET_SETTINGS = "SondeEgress.label_egress.set_label_settings";

	static final String PROBABILITY = "SondeEgress.label_egress.label_probability";

	static final String SET_PROBABILITY = "SondeEgress.label_egress.set_label_probability";

	static final String SINK_PORTS = "SondeEgress.label_egress.label_sink_ports";

	static final String MARK_SINK = "SondeEgress.label_egress.mark_label_sink";

	static final String LAST_TIME = "SondeEgress.label_egress.label_last_time";

	static final String SHIFT = "SondeEgress.label_egress.label_shift";

	static final String DECISIONS = "SondeEgress.label_egress.label_decisions";

	static final String CARRIED = "SondeEgress.label_egress.label_carried";

	static final String EXPORTS = "SondeEgress.label_egress.label_exports";

	static final String MALFORMED = "SondeEgress.label_egress.label_malformed";

	private LabelNames() {
	}

}
