package io.sonde.emulator.provision;

import java.util.List;

import io.sonde.emulator.traffic.FlowSpec;

/** Which flows the INT sources insert INT into. */
public sealed interface IntFlows {

	/** No INT at all: the switches only forward. */
	static IntFlows none() {
		return new Listed(List.of());
	}

	/**
	 * Every packet that enters an edge switch from a host and leaves toward another
	 * switch: one wildcard watchlist entry per edge switch (and one shared event filter
	 * entry per sink).
	 */
	static IntFlows every() {
		return new Every();
	}

	/**
	 * These flows, each with its own watchlist entry at its source and filter at its
	 * sink.
	 */
	static IntFlows listed(List<FlowSpec> flows) {
		return new Listed(flows);
	}

	/** See {@link IntFlows#every()}. */
	record Every() implements IntFlows {
	}

	/** See {@link IntFlows#listed(List)}. */
	record Listed(List<FlowSpec> flows) implements IntFlows {

		public Listed {
			flows = List.copyOf(flows);
		}

	}

}
