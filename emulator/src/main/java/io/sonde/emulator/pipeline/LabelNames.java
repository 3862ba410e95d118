package io.sonde.emulator.pipeline;

import io.sonde.p4programs.entries.SondeEntities;

/**
 * The P4Info names of sonde.p4's INT-label tables, actions, registers and counters as the
 * twin resolves them: the tables, registers and counters are {@link SondeEntities}' (the
 * one Java place that spells them); the actions, which SondeEntities does not name
 * publicly, are spelled here once.
 */
final class LabelNames {

	static final String FLOWS = SondeEntities.LABEL_FLOWS;

	static final String SPECIFIC_FLOW = "SondeIngress.label_ingress.label_specific_flow";

	static final String FLOW_LAST_TIME = SondeEntities.LABEL_FLOW_LAST_TIME;

	static final String SETTINGS = SondeEntities.LABEL_SETTINGS;

	static final String SET_SETTINGS = "SondeEgress.label_egress.set_label_settings";

	static final String PROBABILITY = SondeEntities.LABEL_PROBABILITY;

	static final String SET_PROBABILITY = "SondeEgress.label_egress.set_label_probability";

	static final String SINK_PORTS = SondeEntities.LABEL_SINK_PORTS;

	static final String MARK_SINK = "SondeEgress.label_egress.mark_label_sink";

	static final String LAST_TIME = SondeEntities.LABEL_LAST_TIME;

	static final String SHIFT = SondeEntities.LABEL_SHIFT;

	static final String DECISIONS = SondeEntities.LABEL_DECISIONS;

	static final String CARRIED = SondeEntities.LABEL_CARRIED;

	static final String EXPORTS = SondeEntities.LABEL_EXPORTS;

	static final String MALFORMED = SondeEntities.LABEL_MALFORMED;

	private LabelNames() {
	}

}
