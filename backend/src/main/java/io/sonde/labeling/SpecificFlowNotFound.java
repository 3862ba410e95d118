package io.sonde.labeling;

/** No specific flow has this index. */
public class SpecificFlowNotFound extends RuntimeException {

	public SpecificFlowNotFound(int index) {
		super("there is no specific flow with index " + index);
	}

}
