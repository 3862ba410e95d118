package io.sonde.labeling;

import java.util.List;
import java.util.Map;

/** What INT-label's result collection and adaptive loop know now. */
public interface LabelingStates {

	/** The latest state of every port an item was applied for. */
	List<PortLabelState> latest();

	/** S (Reg2) per port the adaptive loop knows; ports not listed have S = 0. */
	Map<PortKey, Integer> shifts();

	/**
	 * The parameters in force for a switch: the network-wide document with its overrides.
	 */
	LabelingParameters effective(String switchName);

	/** The latest path of every specific flow an export was collected for. */
	List<FlowPath> flowPaths();

}
