package io.sonde.p4runtime.client;

import java.util.List;

import io.grpc.Status;
import io.sonde.p4runtime.error.UpdateStatus;

/**
 * A Read the switch refused, wholly (e.g. FAILED_PRECONDITION before a pipeline is set)
 * or for some of its entities: then the code is UNKNOWN and {@link #statuses()} holds one
 * status per requested entity, in request order (spec §13.3).
 */
public class ReadRejected extends P4RuntimeCallFailed {

	private final List<UpdateStatus> statuses;

	public ReadRejected(SwitchEndpoint endpoint, String operation, Status.Code code, String detail,
			List<UpdateStatus> statuses, Throwable cause) {
		super(endpoint, operation, code, detail + summary(statuses), cause);
		this.statuses = List.copyOf(statuses);
	}

	private static String summary(List<UpdateStatus> statuses) {
		List<UpdateStatus> failed = statuses.stream().filter(UpdateStatus::failed).toList();
		return failed.isEmpty() ? "" : " " + failed;
	}

	/** One status per requested entity; empty when the whole read was refused. */
	public List<UpdateStatus> statuses() {
		return this.statuses;
	}

}
