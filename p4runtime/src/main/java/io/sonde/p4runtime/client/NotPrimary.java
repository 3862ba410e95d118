package io.sonde.p4runtime.client;

import io.grpc.Status;

/**
 * This client is not the primary controller of its role on the switch, so the switch
 * refuses (or would refuse) what it asked: PERMISSION_DENIED on
 * SetForwardingPipelineConfig (spec §14), or a PacketOut or wait for mastership the
 * client cannot honour. Writes by a non-primary fail with
 * {@link io.sonde.p4runtime.error.WriteRejected} carrying PERMISSION_DENIED instead, like
 * every refused write.
 */
public class NotPrimary extends P4RuntimeCallFailed {

	private final Mastership mastership;

	public NotPrimary(SwitchEndpoint endpoint, String operation, Mastership mastership, String detail,
			Throwable cause) {
		super(endpoint, operation, Status.Code.PERMISSION_DENIED, detail, cause);
		this.mastership = mastership;
	}

	/** What the client knew about its mastership when this was raised. */
	public Mastership mastership() {
		return this.mastership;
	}

}
