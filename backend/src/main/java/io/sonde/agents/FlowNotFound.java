package io.sonde.agents;

/** No agent reported the flow within the store's retention. */
public class FlowNotFound extends RuntimeException {

	public FlowNotFound(String flowId) {
		super("no agent reported flow " + flowId);
	}

}
