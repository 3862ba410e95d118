package io.sonde.labeling;

import java.util.Map;
import java.util.TreeMap;

/**
 * The labeling parameters of the whole network: network-wide values and per switch
 * overrides (a switch not listed uses the network-wide values).
 *
 * @param network the network-wide values; missing ones are the defaults
 * @param switches switch name -> the values that differ for it
 */
public record LabelingDocument(ParameterValues network, Map<String, ParameterValues> switches) {

	public LabelingDocument {
		network = (network != null) ? network : ParameterValues.NONE;
		// a null override is kept (as NONE cannot say it was null) so the check names it
		switches = (switches != null) ? java.util.Collections.unmodifiableMap(new TreeMap<>(switches)) : Map.of();
	}

}
