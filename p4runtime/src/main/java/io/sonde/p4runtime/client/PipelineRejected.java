package io.sonde.p4runtime.client;

import io.grpc.Status;

/**
 * The switch refused a SetForwardingPipelineConfig or GetForwardingPipelineConfig (spec
 * §14, §15): INVALID_ARGUMENT for a pipeline it cannot realise (the message says why),
 * NOT_FOUND for a COMMIT without a saved config or an unknown device, UNIMPLEMENTED for
 * an action it does not support.
 */
public class PipelineRejected extends P4RuntimeCallFailed {

	public PipelineRejected(SwitchEndpoint endpoint, String operation, Status.Code code, String detail,
			Throwable cause) {
		super(endpoint, operation, code, detail, cause);
	}

}
