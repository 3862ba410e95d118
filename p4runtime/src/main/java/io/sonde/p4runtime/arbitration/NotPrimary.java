package io.sonde.p4runtime.arbitration;

import io.grpc.Status;
import p4.v1.Uint128;

/**
 * A Write or SetForwardingPipelineConfig whose election id is not the current primary's
 * for its role; servers answer PERMISSION_DENIED (spec §12, §14).
 */
public class NotPrimary extends RuntimeException {

	private final String role;

	private final Uint128 electionId;

	public NotPrimary(long deviceId, String role, Uint128 electionId) {
		super("election id " + ((electionId != null) ? ElectionIds.format(electionId) : "(unset)")
				+ " is not the primary's for role '" + role + "' of device " + deviceId);
		this.role = role;
		this.electionId = electionId;
	}

	public String role() {
		return this.role;
	}

	/** The election id of the refused request, {@code null} if it had none. */
	public Uint128 electionId() {
		return this.electionId;
	}

	public Status.Code code() {
		return Status.Code.PERMISSION_DENIED;
	}

	public Status toStatus() {
		return Status.PERMISSION_DENIED.withDescription(getMessage());
	}

}
