package io.sonde.p4runtime.client;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import com.google.protobuf.ByteString;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import p4.config.v1.P4Info;
import p4.v1.ForwardingPipelineConfig;
import p4.v1.GetForwardingPipelineConfigRequest;
import p4.v1.GetForwardingPipelineConfigResponse;
import p4.v1.P4RuntimeGrpc;
import p4.v1.SetForwardingPipelineConfigRequest;
import p4.v1.Uint128;

/** SetForwardingPipelineConfig and GetForwardingPipelineConfig (spec §14, §15). */
final class PipelinePort {

	private final P4RuntimeGrpc.P4RuntimeBlockingStub stub;

	private final SwitchEndpoint endpoint;

	private final String role;

	PipelinePort(P4RuntimeGrpc.P4RuntimeBlockingStub stub, SwitchEndpoint endpoint, String role) {
		this.stub = stub;
		this.endpoint = endpoint;
		this.role = role;
	}

	void set(P4Info p4Info, byte[] deviceConfig, long cookie, SetForwardingPipelineConfigRequest.Action action,
			Uint128 electionId, Mastership mastership, Duration timeout) {
		SetForwardingPipelineConfigRequest.Builder request = SetForwardingPipelineConfigRequest.newBuilder()
			.setDeviceId(this.endpoint.deviceId())
			.setRole(this.role)
			.setAction(action);
		if (electionId != null) {
			request.setElectionId(electionId);
		}
		// COMMIT commits the saved config and must not carry one (spec §14).
		if (action != SetForwardingPipelineConfigRequest.Action.COMMIT) {
			request.setConfig(ForwardingPipelineConfig.newBuilder()
				.setP4Info(p4Info)
				.setP4DeviceConfig(ByteString.copyFrom(deviceConfig))
				.setCookie(ForwardingPipelineConfig.Cookie.newBuilder().setCookie(cookie)));
		}
		String operation = "set pipeline (" + action + ")";
		try {
			this.stub.withDeadlineAfter(timeout.toMillis(), TimeUnit.MILLISECONDS)
				.setForwardingPipelineConfig(request.build());
		}
		catch (StatusRuntimeException ex) {
			Status status = ex.getStatus();
			if (Failures.isUnreachable(status)) {
				throw Failures.unreachable(this.endpoint, operation, status, ex);
			}
			if (status.getCode() == Status.Code.PERMISSION_DENIED) {
				throw new NotPrimary(this.endpoint, operation, mastership, Failures.describe(status), ex);
			}
			throw new PipelineRejected(this.endpoint, operation, status.getCode(), Failures.describe(status), ex);
		}
	}

	Optional<ForwardingPipelineConfig> get(GetForwardingPipelineConfigRequest.ResponseType type, Duration timeout) {
		GetForwardingPipelineConfigRequest request = GetForwardingPipelineConfigRequest.newBuilder()
			.setDeviceId(this.endpoint.deviceId())
			.setResponseType(type)
			.build();
		try {
			GetForwardingPipelineConfigResponse response = this.stub
				.withDeadlineAfter(timeout.toMillis(), TimeUnit.MILLISECONDS)
				.getForwardingPipelineConfig(request);
			return response.hasConfig() ? Optional.of(response.getConfig()) : Optional.empty();
		}
		catch (StatusRuntimeException ex) {
			Status status = ex.getStatus();
			if (Failures.isUnreachable(status)) {
				throw Failures.unreachable(this.endpoint, "get pipeline", status, ex);
			}
			// A switch without a pipeline may answer with no config (the emulator) or
			// refuse the question (BMv2's PI: "No forwarding pipeline config set for this
			// device"): either way there is none to compare with.
			if (status.getCode() == Status.Code.FAILED_PRECONDITION) {
				return Optional.empty();
			}
			throw new PipelineRejected(this.endpoint, "get pipeline (" + type + ")", status.getCode(),
					Failures.describe(status), ex);
		}
	}

}
