package io.sonde.emulator.p4rt;

import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

import io.grpc.Status;
import io.grpc.stub.StreamObserver;
import io.sonde.emulator.state.EntityRejected;
import io.sonde.emulator.state.SwitchState;
import io.sonde.p4runtime.arbitration.NotPrimary;
import p4.v1.CapabilitiesRequest;
import p4.v1.CapabilitiesResponse;
import p4.v1.Entity;
import p4.v1.GetForwardingPipelineConfigRequest;
import p4.v1.GetForwardingPipelineConfigResponse;
import p4.v1.P4RuntimeGrpc;
import p4.v1.ReadRequest;
import p4.v1.ReadResponse;
import p4.v1.SetForwardingPipelineConfigRequest;
import p4.v1.SetForwardingPipelineConfigResponse;
import p4.v1.StreamMessageRequest;
import p4.v1.StreamMessageResponse;
import p4.v1.WriteRequest;
import p4.v1.WriteResponse;

/**
 * The P4Runtime service of one emulated switch. Each unary RPC runs the checks the
 * specification lists, in its order (device, then primary, then pipeline: §12, §14), then
 * hands the request to the switch's state or pipeline store.
 */
final class P4RuntimeService extends P4RuntimeGrpc.P4RuntimeImplBase {

	static final String API_VERSION = "1.4.0";

	/** Entities per ReadResponse: keeps each message far below gRPC's 4 MiB limit. */
	private static final int ENTITIES_PER_RESPONSE = 1000;

	private static final System.Logger logger = System.getLogger(P4RuntimeService.class.getName());

	private final String name;

	private final long deviceId;

	private final SwitchState state;

	private final PipelineConfigStore pipeline;

	private final Supplier<ControllerSessions> sessions;

	private final StreamSession.PacketDelivery delivery;

	P4RuntimeService(String name, long deviceId, SwitchState state, PipelineConfigStore pipeline,
			Supplier<ControllerSessions> sessions, StreamSession.PacketDelivery delivery) {
		this.name = name;
		this.deviceId = deviceId;
		this.state = state;
		this.pipeline = pipeline;
		this.sessions = sessions;
		this.delivery = delivery;
	}

	@Override
	public void write(WriteRequest request, StreamObserver<WriteResponse> response) {
		try {
			checkDevice(request.getDeviceId());
			this.sessions.get().arbitration().requirePrimary(request);
			requirePipeline();
			if (request.getAtomicity() != WriteRequest.Atomicity.CONTINUE_ON_ERROR) {
				// Optional modes (spec §12.2): a target without
				// them answers UNIMPLEMENTED.
				throw new RequestRefused(Status.Code.UNIMPLEMENTED,
						request.getAtomicity() + " is not supported: use CONTINUE_ON_ERROR");
			}
		}
		catch (RequestRefused ex) {
			response.onError(ex.toStatus().asRuntimeException());
			return;
		}
		catch (NotPrimary ex) {
			response.onError(ex.toStatus().asRuntimeException());
			return;
		}
		List<Status> statuses = this.state.write(request.getUpdatesList());
		if (BatchErrors.allOk(statuses)) {
			response.onNext(WriteResponse.getDefaultInstance());
			response.onCompleted();
			return;
		}
		logger.log(Level.DEBUG, () -> this.name + ": write with failed updates: " + statuses);
		response.onError(BatchErrors.of("some updates failed", statuses));
	}

	@Override
	public void read(ReadRequest request, StreamObserver<ReadResponse> response) {
		try {
			checkDevice(request.getDeviceId());
			requirePipeline();
		}
		catch (RequestRefused ex) {
			response.onError(ex.toStatus().asRuntimeException());
			return;
		}
		List<Entity> found = new ArrayList<>();
		List<Status> statuses = new ArrayList<>();
		for (Entity entity : request.getEntitiesList()) {
			try {
				this.state.read(entity, found::add);
				statuses.add(Status.OK);
			}
			catch (EntityRejected ex) {
				statuses.add(ex.toStatus());
			}
		}
		for (int from = 0; from < found.size(); from += ENTITIES_PER_RESPONSE) {
			List<Entity> chunk = found.subList(from, Math.min(found.size(), from + ENTITIES_PER_RESPONSE));
			response.onNext(ReadResponse.newBuilder().addAllEntities(chunk).build());
		}
		if (BatchErrors.allOk(statuses)) {
			response.onCompleted();
		}
		else {
			response.onError(BatchErrors.of("some read requests failed", statuses));
		}
	}

	@Override
	public void setForwardingPipelineConfig(SetForwardingPipelineConfigRequest request,
			StreamObserver<SetForwardingPipelineConfigResponse> response) {
		try {
			checkDevice(request.getDeviceId());
			this.sessions.get().arbitration().requirePrimary(request);
			PipelineConfigStore.Effect effect = this.pipeline.apply(request);
			if (effect == PipelineConfigStore.Effect.CLEAR_STATE) {
				this.state.reset();
			}
			logger.log(Level.INFO, () -> this.name + ": pipeline " + request.getAction() + " done");
			response.onNext(SetForwardingPipelineConfigResponse.getDefaultInstance());
			response.onCompleted();
		}
		catch (RequestRefused ex) {
			logger.log(Level.INFO,
					() -> this.name + ": pipeline " + request.getAction() + " refused: " + ex.getMessage());
			response.onError(ex.toStatus().asRuntimeException());
		}
		catch (NotPrimary ex) {
			response.onError(ex.toStatus().asRuntimeException());
		}
	}

	@Override
	public void getForwardingPipelineConfig(GetForwardingPipelineConfigRequest request,
			StreamObserver<GetForwardingPipelineConfigResponse> response) {
		try {
			checkDevice(request.getDeviceId());
		}
		catch (RequestRefused ex) {
			response.onError(ex.toStatus().asRuntimeException());
			return;
		}
		GetForwardingPipelineConfigResponse.Builder reply = GetForwardingPipelineConfigResponse.newBuilder();
		this.pipeline.get(request.getResponseType()).ifPresent(reply::setConfig);
		response.onNext(reply.build());
		response.onCompleted();
	}

	@Override
	public void capabilities(CapabilitiesRequest request, StreamObserver<CapabilitiesResponse> response) {
		response.onNext(CapabilitiesResponse.newBuilder().setP4RuntimeApiVersion(API_VERSION).build());
		response.onCompleted();
	}

	@Override
	public StreamObserver<StreamMessageRequest> streamChannel(StreamObserver<StreamMessageResponse> response) {
		return new StreamSession(this.name, this.sessions.get(), response, this.delivery);
	}

	private void checkDevice(long requested) {
		if (requested != this.deviceId) {
			throw new RequestRefused(Status.Code.NOT_FOUND, "unknown device_id " + Long.toUnsignedString(requested)
					+ ": " + this.name + " is device " + Long.toUnsignedString(this.deviceId));
		}
	}

	private void requirePipeline() {
		if (!this.pipeline.hasPipeline()) {
			throw new RequestRefused(Status.Code.FAILED_PRECONDITION,
					this.name + " has no forwarding pipeline yet: call SetForwardingPipelineConfig first");
		}
	}

}
